// A global set to another program.
const { spawn } = require('child_process');

globalThis.vcsBin = "git";
spawn(vcsBin, ["log"]);
