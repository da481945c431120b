// A shell with no script reads one from its standard input, which the
// code writes: the program it runs is not followed, and the file names
// the runtime.
const { spawn } = require("child_process");
const sh = spawn("bash"); // want "RED:dynamic"
sh.stdin.write("claude -p hi\n");
sh.stdin.end();
