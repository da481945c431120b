// A command substitution inside an execSync string.
const cp = require('child_process');

cp.execSync('echo "$(claude -p hi)"'); // want "RED:command-substitution"
