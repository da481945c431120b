// A module named pi and a variable named pi are not the pi runtime.
import pi from './pi';
import { spawn } from 'child_process';

const area = pi * 2;
spawn('echo', [String(area)]);
