// A for...of loop over a literal array runs each element.
import { spawnSync } from 'child_process';

for (const bin of ["git", "claude"]) {
  spawnSync(bin, ["--version"]); // want "RED:variable-execution"
}
