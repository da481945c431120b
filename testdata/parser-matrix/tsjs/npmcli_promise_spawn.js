// @npmcli/promise-spawn: promiseSpawn(cmd, args, opts, extra), and
// promiseSpawn.open(target), whose opener runs through a shell (Windows'
// `start` runs the program it is given).
const promiseSpawn = require('@npmcli/promise-spawn');

promiseSpawn('claude', ['-p', 'hi'], { stdioString: true }); // want "RED:process-api"
promiseSpawn('claude -p hi', [], { shell: true }); // want "RED:direct-literal"
promiseSpawn.open('claude'); // want "RED:process-api"
