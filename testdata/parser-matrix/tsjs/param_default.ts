// A parameter default is used when the file never calls the function.
import { spawn } from 'child_process';

export function run(bin = 'claude') {
  return spawn(bin, ['-p']); // want "RED:variable-execution"
}
