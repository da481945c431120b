// Destructuring require picks spawn out of child_process.
const { spawn } = require('child_process');

spawn('claude', ['-p', 'x']); // want "RED:process-api"
