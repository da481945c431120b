// The command comes from a const the file sets: variable-execution.
import { spawn } from 'child_process';

const CLAUDE = 'claude';
spawn(CLAUDE, ['-p']); // want "RED:variable-execution"
