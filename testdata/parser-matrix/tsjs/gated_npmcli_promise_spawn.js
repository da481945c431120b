// @npmcli/promise-spawn running the runtime through launch-runtime.
const promiseSpawn = require('@npmcli/promise-spawn');

promiseSpawn('launch-runtime', ['--runtime', 'claude', '--', '-p', 'x'], {}); // want "GATED"
