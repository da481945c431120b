// A let reassigned in a branch may hold either value at the call: both
// are possibilities, and the runtime among them is the launch (issue 15).
import { existsSync } from 'fs';
import { spawnSync } from 'child_process';

export function run(task: string) {
  let bin = "claude";
  if (existsSync("./node_modules/.bin/claude")) bin = "./node_modules/.bin/claude";
  spawnSync(bin, ["-p", task]); // want "RED:variable-execution"
}
