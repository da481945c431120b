// A let reassigned in a branch whose every value is another program is
// clean: no possibility names a runtime.
import { existsSync } from 'fs';
import { spawnSync } from 'child_process';

export function build() {
  let bin = "tsc";
  if (existsSync("./node_modules/.bin/tsc")) bin = "./node_modules/.bin/tsc";
  spawnSync(bin, ["-p", "tsconfig.json"]);
}
