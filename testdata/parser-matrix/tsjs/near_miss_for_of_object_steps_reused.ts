// The same two loops over steps that run npm and git are clean.
import { spawnSync } from 'node:child_process';

const BUILD = [{ cmd: 'npm', args: ['ci'] }, { cmd: 'npm', args: ['run', 'build'] }];
const CHECK = [{ cmd: 'npm', args: ['test'] }, { cmd: 'git', args: ['diff', '--check'] }];

for (const step of BUILD) {
  spawnSync(step.cmd, step.args);
}
for (const step of CHECK) {
  spawnSync(step.cmd, step.args);
}
