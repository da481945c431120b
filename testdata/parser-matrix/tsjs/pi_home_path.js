// ~/.local/bin/pi built from os.homedir().
const { execFile } = require('child_process');
const os = require('os');

execFile(`${os.homedir()}/.local/bin/pi`, ['-p']); // want "RED:process-api"
