// The process module loaded without writing require(x) (review 10, a04,
// a05, a06, a29, a34, a35): mapped over a list of names, called through
// .call/.apply/Reflect.apply, and Node's module.require.
const [fs, cp] = ["fs", "child_process"].map(require);
cp.spawnSync("claude", ["-p", "a"]); // want "RED:process-api"

const [, cp2] = ["fs", "node:child_process"].map((m) => require(m));
cp2.execFileSync("pi", ["-p", "b"]); // want "RED:process-api"

require.call(null, "child_process").spawn("claude", ["-p", "c"]); // want "RED:process-api"

require.apply(null, ["child_process"]).spawnSync("pi", ["-p"]); // want "RED:process-api"

const load = require;
Reflect.apply(load, null, ["child_process"]).execFileSync("claude", ["-p"]); // want "RED:process-api"

module.require("child_process").spawn("claude"); // want "RED:process-api"
