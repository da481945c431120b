// A process API wrapped by a function that hands its rest parameter on:
// the wrapper's own function has no name whose calls are followed.
const { spawn } = require("child_process");
const withLog = (f) => (...a) => {
  console.log(a);
  return f(...a); // want "RED:dynamic"
};
const run = withLog(spawn);
run("claude", ["-p", "hi"]);
