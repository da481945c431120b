// A loop over a local array of steps whose element is destructured where
// it is walked: the names are members of any step, in an iteration
// callback, a for...of loop and an array pattern.
import { spawnSync } from 'node:child_process';

const STEPS = [
  { cmd: 'npm', args: ['test'] },
  { cmd: 'claude', args: ['-p', 'summarize the test failures'] },
];

STEPS.forEach(({ cmd, args }) => spawnSync(cmd, args)); // want "RED:variable-execution"

for (const { cmd: bin } of STEPS) {
  spawnSync(bin, []); // want "RED:variable-execution"
}

const TOOLS = [
  ['npm', 'test'],
  ['pi', '-p', 'review'],
];
TOOLS.map(([prog, ...argv]) => spawnSync(prog, argv)); // want "RED:variable-execution"
