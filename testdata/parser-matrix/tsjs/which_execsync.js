// execSync('which claude') output spawned later: dynamic.
const { execSync, spawn } = require('child_process');

const claudePath = execSync('which claude').toString().trim();
spawn(claudePath, ['-p', 'x']); // want "RED:dynamic"
