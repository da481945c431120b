// A shell path as the shell option is a shell too.
const { spawn } = require('child_process');

spawn('claude', ['-p'], { shell: '/bin/bash', stdio: 'inherit' }); // want "RED:direct-literal"
