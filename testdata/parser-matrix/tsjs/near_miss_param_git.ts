// A helper only ever called with other programs is clean.
import { spawn } from 'child_process';

function sh(cmd: string, args: string[]) {
  return spawn(cmd, args, { stdio: 'inherit' });
}

sh('git', ['status']);
sh('npm', ['test']);
