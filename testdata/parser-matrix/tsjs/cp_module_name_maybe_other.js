// A module name that is a literal on one path and not known on another:
// Union keeps the strings and leaves the unknown out, so the name may
// still be the process module's (Value.Other).
let m = "fs";
if (process.env.X) m = process.env.X;
require(m).execSync("claude -p hi"); // want "RED:direct-literal"

function pick(name) {
  return name || "path";
}
require(pick(process.argv[2])).spawnSync("pi", ["-p"]); // want "RED:process-api"

const table = {};
let key = "a";
if (process.argv.length > 3) key = process.argv[3];
table[key] = require("child_process");
table.b.spawn("claude"); // want "RED:process-api"
