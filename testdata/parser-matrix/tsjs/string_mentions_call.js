// A string containing a call expression is data.
const cp = require('child_process');

const doc = "cp.spawn('claude', ['-p'])";
cp.spawn('echo', [doc]);
