// A helper that returns another program is clean.
import { spawn } from 'child_process';

function tool(): string {
  return 'git';
}

spawn(tool(), ['status']);
