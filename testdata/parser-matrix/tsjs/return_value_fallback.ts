// A file-local function that returns the runtime's path (env with a fallback): the call's value is dynamic.
import { spawn } from 'child_process';

function claudePath(): string {
  if (process.platform === 'win32') {
    return 'claude.cmd';
  }
  return process.env.CLAUDE_PATH || 'claude';
}

spawn(claudePath(), ['-p', 'hi']); // want "RED:dynamic"
