// Near miss of callee_injected_or_default.ts: the same seams running git.
import { spawn } from 'node:child_process';
import pty from 'node-pty';

export function run(options: any) {
  const spawnImpl = options.spawn ?? spawn;
  return spawnImpl('git', ['log']);
}

export function start(deps: any) {
  return (deps.spawnPty || pty.spawn)('bash', ['-c', 'git status'], {});
}
