// A spawn whose command is a parameter cannot be resolved: clean.
import { spawn } from 'child_process';

export function run(cmd: string, args: string[]) {
  return spawn(cmd, args);
}
