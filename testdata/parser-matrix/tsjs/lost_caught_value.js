// The program is a thrown and caught value, in a file that names the
// runtime.
const { spawn } = require("child_process");
try {
  throw "claude";
} catch (bin) {
  spawn(bin, ["-p"]); // want "RED:dynamic"
}
