// Near miss of helper_many_call_sites.ts: the same helper called from
// forty-one sites, every one giving git.
import { spawn } from 'child_process';

function run(bin: string) {
  return spawn(bin, []);
}

run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
run('git');
