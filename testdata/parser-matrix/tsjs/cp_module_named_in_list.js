// The process module named only in a list, loaded by a computed name: the
// list is no loader's literal argument, but the name in it makes the file
// worth parsing all the same (prefilter).
const builtins = ["fs", "path", "child_process"];
const cp = require(builtins[2]);
cp.execFileSync("pi", ["-p"]); // want "RED:process-api"
