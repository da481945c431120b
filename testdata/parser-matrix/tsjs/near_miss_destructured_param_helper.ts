// The same destructured helpers given git and npm are clean.
import { spawn, execFile } from 'node:child_process';

function run({ cmd, args }: { cmd: string; args: string[] }) {
  return spawn(cmd, args);
}
const start = ({ bin }: { bin: string }) => execFile(bin, []);
function exec([prog]: string[]) {
  return spawn(prog, []);
}

run({ cmd: 'git', args: ['log'] });
start({ bin: 'npm' });
exec(['git', 'status']);
