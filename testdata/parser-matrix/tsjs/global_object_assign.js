// A property set on the global object is a global name, seen by a bare
// use anywhere in the file (issue 15's family).
const { spawn } = require('child_process');

function setup() {
  globalThis.agentBin = "claude";
}
setup();
spawn(agentBin, ["-p"]); // want "RED:variable-execution"
