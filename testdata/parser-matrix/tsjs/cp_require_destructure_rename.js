// Destructuring with a rename (`execFile: ef`).
const { execFile: ef } = require('node:child_process');

ef('claude', ['-p', 'x']); // want "RED:process-api"
