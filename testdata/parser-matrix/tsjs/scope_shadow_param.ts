// A parameter shadows a module constant of the same name; only the module-level call launches.
import { spawn } from 'child_process';

const bin = 'claude';

function other(bin: string) {
  return spawn(bin, ['status']);
}

other(process.argv[2]);
spawn(bin, ['-p']); // want "RED:variable-execution"
