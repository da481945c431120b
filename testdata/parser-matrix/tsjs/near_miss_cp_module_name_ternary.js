// Near miss of cp_module_name_ternary.js: both branches known and neither
// the process module, or the process module running no runtime.
const m = process.env.M ? "path" : "fs";
require(m).spawn("claude", ["-p"]);

const n = process.env.N ? process.env.N : "fs";
require(n).spawnSync("git", ["log"]);
