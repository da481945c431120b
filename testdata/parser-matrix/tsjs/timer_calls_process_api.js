// Timers call their first argument with the arguments after the delay
// (setImmediate and process.nextTick: after the function).
const { spawn, execFile } = require("child_process");
setTimeout(spawn, 0, "claude", ["-p", "hi"]); // want "RED:process-api"
setImmediate(execFile, "claude", ["-p"]); // want "RED:process-api"
process.nextTick(spawn, "pi", ["--print"]); // want "RED:process-api"
globalThis.setInterval(spawn, 1000, "claude"); // want "RED:process-api"
