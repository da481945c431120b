// A let that is never reassigned resolves like a const.
const { execFileSync } = require('child_process');

let bin = 'claude';
execFileSync(bin, ['-p']); // want "RED:variable-execution"
