// cross-spawn's default export is spawn.
const spawn = require('cross-spawn');

spawn('claude', ['-p'], { stdio: 'inherit' }); // want "RED:process-api"
