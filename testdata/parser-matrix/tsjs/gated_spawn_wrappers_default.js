// The same wrappers running the runtime through launch-runtime.
const spawnd = require('spawndamnit');
const spawnAsync = require('@expo/spawn-async');

spawnd('launch-runtime', ['--runtime', 'claude', '--', '-p', 'x']); // want "GATED"
spawnAsync('launch-runtime', ['--runtime', 'pi', '--', '-p', 'x']); // want "GATED"
