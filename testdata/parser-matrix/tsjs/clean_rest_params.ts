// Near miss of rest_params.ts: the same helper given git.
import { spawn } from 'child_process';

function run(...argv: string[]) {
  return spawn(argv[0], argv.slice(1));
}
run('git', 'status');
