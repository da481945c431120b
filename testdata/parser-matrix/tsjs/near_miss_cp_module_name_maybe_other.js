// Near miss of cp_module_name_maybe_other.js: every possibility of the
// name is known and none is the process module, or the process module
// runs no runtime.
let m = "fs";
if (process.env.X) m = "path";
require(m).execSync("claude -p hi");

let n = "os";
if (process.env.Y) n = process.env.Y;
require(n).spawnSync("git", ["log"]);
