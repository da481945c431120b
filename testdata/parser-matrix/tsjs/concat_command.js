// `+` concatenation builds the runtime's path.
const { spawn } = require('child_process');

spawn('/usr/local/bin/' + 'claude', []); // want "RED:process-api"
