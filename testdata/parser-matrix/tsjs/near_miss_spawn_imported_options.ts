// The same spawn of a git line with imported options is clean.
import { spawn } from 'node:child_process';
import { OPTS } from './opts';

spawn('git log --oneline -5', OPTS);
