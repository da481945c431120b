// spawndamnit, cross-spawn-promise and @expo/spawn-async: a default export
// spawn(cmd, args?, opts?) that returns a promise.
const spawnd = require('spawndamnit');
const crossSpawnPromise = require('cross-spawn-promise');
const spawnAsync = require('@expo/spawn-async');

spawnd('claude', ['-p', 'hi']); // want "RED:process-api"
crossSpawnPromise('pi', ['-p', 'hi']); // want "RED:process-api"
spawnAsync('claude', ['-p', 'hi'], { stdio: 'inherit' }); // want "RED:process-api"
