// cmd.exe /c and a per-platform shell running other programs.
const { spawn } = require('child_process');

spawn('cmd.exe', ['/c', 'dir']);
function shell() {
  return process.platform === 'win32' ? ['cmd.exe', '/c'] : ['/bin/sh', '-c'];
}
const [sh, flag] = shell();
spawn(sh, [flag, 'git status']);
