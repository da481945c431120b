// A list changed in place by a helper that takes it as a parameter: the
// helper's change reaches the caller's list (here the parameter and the
// caller's variable share a name; the list another function holds in a
// fresh literal of the same name is not this one, near_miss_ file).
import { spawnSync } from 'child_process';

function addAgent(result: string[]) {
  result.push('claude');
}

function main() {
  const result = ['-p'];
  addAgent(result);
  result.reverse();
  spawnSync(result[0], result.slice(1)); // want "RED:variable-execution"
}

main();
