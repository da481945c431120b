// Promisified and bound process APIs are the API they wrap: bind, call,
// apply, util.promisify and the promisify packages (issue 22).
const cp = require('child_process');
const util = require('util');
const { promisify } = require('es6-promisify');
const thenifyAll = require('thenify-all');
const gar = require('@gar/promisify');
const gcp = require('@google-cloud/promisify');
const utilPromisify = require('util-promisify');
const pify = require('pify');
const Bluebird = require('bluebird');

util.promisify(cp.exec.bind(cp))('claude -p hi'); // want "RED:direct-literal"
promisify(cp.exec)('claude -p hi'); // want "RED:direct-literal"
thenifyAll(cp).exec('claude -p hi'); // want "RED:direct-literal"
gar.promisify(cp).execFile('claude', ['-p']); // want "RED:process-api"
gcp.promisify(cp.execFile)('claude', ['-p']); // want "RED:process-api"
utilPromisify(cp.spawn)('claude', ['-p']); // want "RED:process-api"
pify(cp).exec('claude -p hi'); // want "RED:direct-literal"
Bluebird.promisifyAll(cp);
cp.execAsync('claude -p hi'); // want "RED:direct-literal"
cp.spawn.call(cp, 'claude', ['-p']); // want "RED:process-api"
cp.execFile.apply(cp, ['claude', ['-p']]); // want "RED:process-api"
Reflect.apply(cp.spawn, cp, ['claude', ['-p']]); // want "RED:process-api"
