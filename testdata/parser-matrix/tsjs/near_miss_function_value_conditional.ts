// A function value that is one of two process APIs, running another
// program, is clean.
import { spawn, spawnSync } from 'child_process';

export function go(sync: boolean) {
  const run = sync ? spawnSync : spawn;
  run("git", ["status"]);
}
