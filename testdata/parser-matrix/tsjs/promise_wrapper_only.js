// Only a promise wrapper of Node's process module is required: no byte of
// this file held the old prefilter's module names, so it was never parsed.
const { spawn } = require('child-process-promise');

spawn('claude', ['-p', 'hi']); // want "RED:process-api"
