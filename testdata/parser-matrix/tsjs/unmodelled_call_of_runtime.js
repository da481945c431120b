// A function or class the analysis does not model, handed a runtime's
// name, may hand it back: its result is the name or an unknown, judged
// on the name (a package's resolver, a wrapper object, JSON.parse of a
// JSON string).
const cp = require("child_process");
const lib = require("some-bin-resolver");

cp.spawn(lib.resolveBin("claude"), ["-p"]); // want "RED:process-api"
cp.spawn(new String("claude").valueOf()); // want "RED:process-api"
cp.spawn(Object("claude").toString()); // want "RED:process-api"
cp.spawn(JSON.parse('"claude"')); // want "RED:process-api"
