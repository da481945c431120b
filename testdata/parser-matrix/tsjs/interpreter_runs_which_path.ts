// The claude CLI found by `which`, then run by node: a launch.
import { spawn, spawnSync } from 'node:child_process';

function findClaude(): string {
  return spawnSync('which', ['claude'], { encoding: 'utf-8' }).stdout.trim();
}

export function start(args: string[]) {
  return spawn('node', [findClaude(), ...args]); // want "RED:dynamic"
}
