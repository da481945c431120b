// A process API as the default of an injected function (`options.spawn ??
// spawn`, `(deps.spawnPty ?? pty.spawn)(...)`, as test seams are written):
// the call may call the default. Was silent: a fallback whose right side
// is a function was unknown.
import { spawn } from 'node:child_process';
import pty from 'node-pty';

export function run(options: any) {
  const spawnImpl = options.spawn ?? spawn;
  return spawnImpl('claude', ['-p', 'hi']); // want "RED:process-api"
}

export function start(deps: any) {
  return (deps.spawnPty || pty.spawn)('pi', ['--print', 'x'], {}); // want "RED:process-api"
}
