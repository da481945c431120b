// The pi runtime through a process API.
import { spawn } from 'child_process';

spawn('pi', ['-p', 'hello']); // want "RED:process-api"
