// A loop over a local array of object literals (a list of steps) runs
// each step's property: `s.cmd` is any step's `cmd`, in a for...of loop
// and in an iteration callback with its parameter in parentheses.
import { spawnSync } from 'node:child_process';

const STEPS = [
  { cmd: 'npm', args: ['test'] },
  { cmd: 'claude', args: ['-p', 'summarize the test failures'] },
];

for (const s of STEPS) {
  const r = spawnSync(s.cmd, s.args, { stdio: 'inherit' }); // want "RED:variable-execution"
  if (r.status !== 0) process.exit(r.status ?? 1);
}

STEPS.forEach((step: { cmd: string; args: string[] }) => spawnSync(step.cmd, step.args)); // want "RED:variable-execution"
