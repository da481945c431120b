// A conditional command name (claude.cmd on Windows, else claude).
import { spawn } from 'child_process';

const bin = process.platform === 'win32' ? 'claude.cmd' : 'claude';
spawn(bin, ['-p']); // want "RED:variable-execution"
