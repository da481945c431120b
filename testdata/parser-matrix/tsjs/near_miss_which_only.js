// Looking the runtime up without running it is not a launch.
const { execSync } = require('child_process');

const found = execSync('which claude').toString().trim();
console.log(found ? 'installed' : 'missing');
