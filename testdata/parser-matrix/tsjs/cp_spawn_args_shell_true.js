// spawn(cmd, args, {{ shell: true }}) joins cmd and args into one shell line.
const { spawn } = require('child_process');

spawn('claude', ['-p', 'x'], { shell: true }); // want "RED:direct-literal"
