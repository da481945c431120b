// Near miss of unmodelled_call_of_runtime.js: the same unmodelled calls
// handed another tool's name, or handing the runtime's name to a tool
// that is not one, or printing it.
const cp = require("child_process");
const lib = require("some-bin-resolver");

cp.spawn(lib.resolveBin("git"), ["status"]);
cp.spawn("git", ["log", "--grep", lib.quote("claude")]);
console.log(lib.describe("claude"));
cp.spawn(JSON.parse('"git"'));
