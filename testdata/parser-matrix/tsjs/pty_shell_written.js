// A pseudo-terminal's shell runs what the code writes to it.
const pty = require("node-pty");
const term = pty.spawn("bash", [], { name: "xterm" }); // want "RED:dynamic"
term.write("claude -p hi\r");
