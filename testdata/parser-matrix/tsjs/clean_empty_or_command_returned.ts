// Near miss of empty_or_command_returned.ts: the command is git: clean.
import { spawn } from 'child_process';

function cmd(p: string) {
  if (!p) {
    return [];
  }
  return ['git', '-p', p];
}

const c = cmd('x');
spawn(c[0], c.slice(1));
