// A function the analysis does not model, handed the process module's
// name, may be a loader (review 10: eval("require")): its result is the
// process module.
const r = eval("require");
r("child_process").spawn("claude", ["-p", "a"]); // want "RED:process-api"

const load = module.constructor._load;
load("node:child_process").execFileSync("pi", ["-p"]); // want "RED:process-api"

const NAME = "child_process";
globalThis["req" + "uire"](NAME).spawnSync("claude"); // want "RED:process-api"
