// A spread in the options object, then shell: true.
const { spawn } = require('child_process');
const base = { stdio: 'inherit' };

spawn('claude', ['-p'], { ...base, shell: true }); // want "RED:direct-literal"
