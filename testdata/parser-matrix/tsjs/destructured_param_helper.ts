// A helper whose parameter is destructured (`function run({ cmd, args })`,
// an arrow `({ bin }) => ...`, an array pattern): each name is that
// member of the argument its call sites give.
import { spawn, execFile } from 'node:child_process';

function run({ cmd, args }: { cmd: string; args: string[] }) {
  return spawn(cmd, args); // want "RED:variable-execution"
}
const start = ({ bin }: { bin: string }) => execFile(bin, []); // want "RED:variable-execution"
function exec([prog]: string[]) {
  return spawn(prog, []); // want "RED:variable-execution"
}

run({ cmd: 'claude', args: ['-p', 'review'] });
start({ bin: 'pi' });
exec(['claude', '-p']);
