// The program read from `arguments`, which the analysis does not follow,
// in a file that names the runtime.
const { spawn } = require("child_process");
function run() {
  return spawn(arguments[0], ["-p", "hi"]); // want "RED:dynamic"
}
run("claude");
