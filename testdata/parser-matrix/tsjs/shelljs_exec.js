// shelljs.exec runs a shell string.
const shell = require('shelljs');

shell.exec('claude -p hi'); // want "RED:direct-literal"
