// Near miss of script_written_then_run.js and pty_shell_written.js: the
// written script and the terminal run another tool; the runtime is not
// named.
const fs = require("fs");
const pty = require("node-pty");
const { spawn } = require("child_process");
fs.writeFileSync("/tmp/build.sh", "#!/bin/sh\nmake all\n");
spawn("sh", ["/tmp/build.sh"]);
const term = pty.spawn("bash", [], { name: "xterm" });
term.write("git status\r");
