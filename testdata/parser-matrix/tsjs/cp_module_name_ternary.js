// A ternary whose one branch is a literal and the other not known: the
// literal stands, marked (Value.Other), so a module's name or a key read
// from it may be any (review 12, c3_js_ternary_*).
const m = process.env.M ? process.env.M : "fs";
require(m).spawn("claude", ["-p"]); // want "RED:process-api"

require(process.argv.length > 2 ? process.argv[2] : "fs").spawnSync("pi"); // want "RED:process-api"

const cp = require("child_process");
const k = process.env.K ? process.env.K : "ChildProcess";
cp[k]("claude", ["-p"]); // want "RED:direct-literal"
