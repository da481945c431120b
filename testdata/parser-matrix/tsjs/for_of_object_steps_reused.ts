// Two loops over lists of steps that reuse one loop variable (block
// scopes are not told apart, so the name has two bindings): the variable
// is any step of either list, and its property that of each. RED where
// a step may run the runtime (both loops: an over-approximation).
import { spawnSync } from 'node:child_process';

const BUILD = [{ cmd: 'npm', args: ['ci'] }, { cmd: 'claude', args: ['-p', 'fix the build'] }];
const CHECK = [{ cmd: 'npm', args: ['test'] }, { cmd: 'git', args: ['diff', '--check'] }];

for (const step of BUILD) {
  spawnSync(step.cmd, step.args); // want "RED:variable-execution"
}
for (const step of CHECK) {
  spawnSync(step.cmd, step.args); // want "RED:variable-execution"
}
