// The process module's name built by `+` or a template inside the
// require call: no string literal names the module, and the loader's
// argument is more than one literal, so it may be any module (a fresh
// look at the prefilter found both silent).
require("child_" + "process").spawn("claude", ["-p", "x"]); // want "RED:process-api"
const cp = require(`child_${"process"}`);
cp.execSync("claude -p x"); // want "RED:direct-literal"
