// A helper takes its arguments as a rest parameter and spawns the first
// (`argv[0]`, the rest with `argv.slice(1)`): the call's values reach the
// spawn.
import { spawn } from 'child_process';

function run(...argv: string[]) {
  return spawn(argv[0], argv.slice(1)); // want "RED:variable-execution"
}
run('claude', '-p');
