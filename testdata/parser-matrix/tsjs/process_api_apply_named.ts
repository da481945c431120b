// A process API called through apply with an array not written out
// (`exec.apply(null, LINE)`, `Reflect.apply(spawn, null, CMD)`) or with
// a spread before the line (`exec.apply(null, [...xs, 'claude -p'])`,
// `exec(...xs, line)`): the array's elements take the positions from
// there on, and past one of unknown length any of them may be the line.
// Only an array literal was read (the line is reported where it is
// written). Near miss:
// near_miss_process_api_apply_named.ts.
import { exec, execSync, spawn } from 'child_process';

const LINE = ['claude -p hi']; // want "RED:direct-literal"
exec.apply(null, LINE);
const CMD = ['pi', ['-p']];
Reflect.apply(spawn, null, CMD); // want "RED:variable-execution"
spawn.apply(null, CMD); // want "RED:variable-execution"
const xs = process.argv.slice(2);
exec.apply(null, [...xs, 'claude -p']); // want "RED:direct-literal"
execSync(...xs, 'pi -p'); // want "RED:direct-literal"
