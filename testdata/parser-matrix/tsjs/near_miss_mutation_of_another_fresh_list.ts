// Two functions each build their own list under one name: the agent's
// name pushed onto one fresh literal (a list of names to print) does not
// reach the other, which only ever holds git
// (mutation_through_helper_parameter.ts is the launch).
export function supported(): string {
  const result: string[] = [];
  result.push('claude');
  result.push('aider');
  result.sort();
  return result.join(', ');
}

import { spawnSync } from 'child_process';

function status() {
  const result = ['git', 'status'];
  result.sort();
  spawnSync(result[0], result.slice(1));
}

console.log(supported());
status();
