// A member of require bound to a name.
const execFileSync = require('child_process').execFileSync;

execFileSync('claude', ['-p', 'go']); // want "RED:process-api"
