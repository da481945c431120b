// bash -c in an argv hands a string to a shell: class eval.
import { spawn } from 'child_process';

spawn('bash', ['-c', 'claude -p hi']); // want "RED:eval"
