// The same loops over steps that run other programs are clean; a step
// that only names the runtime in a label runs git.
import { spawnSync } from 'node:child_process';

const STEPS = [
  { cmd: 'npm', args: ['test'] },
  { cmd: 'git', args: ['log', '--oneline'], label: 'claude' },
];

for (const s of STEPS) {
  const r = spawnSync(s.cmd, s.args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

STEPS.forEach((step: { cmd: string; args: string[] }) => spawnSync(step.cmd, step.args));
