// The same destructured loops over steps that run other programs are
// clean; a step that only names the runtime in a label runs git.
import { spawnSync } from 'node:child_process';

const STEPS = [
  { cmd: 'npm', args: ['test'] },
  { cmd: 'git', args: ['log', '--oneline'], label: 'claude' },
];

STEPS.forEach(({ cmd, args }) => spawnSync(cmd, args));

for (const { cmd: bin } of STEPS) {
  spawnSync(bin, []);
}

const TOOLS = [
  ['npm', 'test'],
  ['git', 'status'],
];
TOOLS.map(([prog, ...argv]) => spawnSync(prog, argv));
