// cmd.exe /c and /C hand the rest of the argv to the Windows shell (issue
// 22); a shell and its flag picked per platform by a helper.
const { spawn, execFileSync } = require('child_process');

spawn('cmd.exe', ['/c', 'claude -p hi']); // want "RED:eval"
execFileSync('cmd', ['/C', 'claude', '-p', 'hi']); // want "RED:eval"

function shell() {
  return process.platform === 'win32' ? ['cmd.exe', '/c'] : ['/bin/sh', '-c'];
}
const [sh, flag] = shell();
spawn(sh, [flag, 'claude -p hi']); // want "RED:eval"
const [sh2, ...flags] = process.platform === 'win32' ? ['cmd.exe', '/d', '/s', '/c'] : ['/bin/sh', '-c'];
spawn(sh2, [...flags, 'claude -p hi']); // want "RED:eval"
