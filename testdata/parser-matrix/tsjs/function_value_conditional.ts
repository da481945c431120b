// A function value that is one of two process APIs is still a process API.
import { spawn, spawnSync } from 'child_process';

export function go(sync: boolean) {
  const run = sync ? spawnSync : spawn;
  run("claude", ["-p"]); // want "RED:process-api"
}
