// A for...of loop over a literal array of other programs is clean; a
// for...in loop variable is a key, not an element.
import { spawnSync } from 'child_process';

for (const bin of ["git", "hg"]) {
  spawnSync(bin, ["--version"]);
}
for (const k in ["claude"]) {
  spawnSync(k, ["--version"]);
}
