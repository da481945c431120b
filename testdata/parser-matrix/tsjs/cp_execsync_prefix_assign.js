// A prefix assignment in an execSync string (FOO=1 claude).
const { execSync } = require('child_process');

execSync('FOO=1 claude -p hi', { stdio: 'inherit' }); // want "RED:direct-literal"
