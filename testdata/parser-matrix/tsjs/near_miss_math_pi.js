// Math.PI in node -e is not the pi runtime.
const { spawnSync } = require('child_process');

spawnSync('node', ['-e', 'console.log(Math.PI)']);
