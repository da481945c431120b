// path.join of an unknown folder and the runtime's name.
const path = require('path');
const { spawn } = require('child_process');

spawn(path.join(process.cwd(), 'node_modules', '.bin', 'claude'), ['-p']); // want "RED:process-api"
