// CommonJS require bound to a name.
const cp = require('child_process');

cp.spawn('claude', ['-p']); // want "RED:process-api"
