// Promisified process APIs running other programs; promisify of an
// unrelated function.
const cp = require('child_process');
const util = require('util');
const fs = require('fs');

util.promisify(cp.exec.bind(cp))('git status');
util.promisify(fs.readFile)('claude.txt');
cp.spawn.call(cp, 'git', ['log']);
