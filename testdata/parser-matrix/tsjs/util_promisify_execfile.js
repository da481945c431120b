// util.promisify(cp.execFile) keeps the argv form.
const util = require('util');
const cp = require('child_process');

const run = util.promisify(cp.execFile);
run('claude', ['-p']); // want "RED:process-api"
