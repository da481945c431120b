// Near miss: the same wrappers running git and npm.
const spawnd = require('spawndamnit');
const crossSpawnPromise = require('cross-spawn-promise');
const spawnAsync = require('@expo/spawn-async');

spawnd('git', ['status']);
crossSpawnPromise('npm', ['test']);
spawnAsync('git', ['log', '--grep=claude']);
