// node runs the tsc it found on the PATH: not a launch.
import { spawn, spawnSync } from 'node:child_process';

function findTsc(): string {
  return spawnSync('which', ['tsc'], { encoding: 'utf-8' }).stdout.trim();
}

export function build(args: string[]) {
  return spawn('node', [findTsc(), ...args]);
}
