// which.sync('claude') is a run-time look-up: dynamic.
import { spawn } from 'child_process';
import which from 'which';

spawn(which.sync('claude'), ['-p']); // want "RED:dynamic"
