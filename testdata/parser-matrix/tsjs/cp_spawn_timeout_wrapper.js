// timeout wraps the runtime in an argv.
const cp = require('child_process');

cp.spawnSync('timeout', ['600', 'claude', '-p', 'x']); // want "RED:process-api"
