// A package's function, or another module's, whose result is not known,
// handed the process module's name, may be a loader (review 12, c2_npm_*):
// its result is the process module.
const lazy = require("lazy-mod");
lazy("child_process").spawn("claude", ["-p"]); // want "RED:process-api"

const jiti = require("jiti")(__filename);
const { spawnSync } = jiti("child_process");
spawnSync("pi", ["-p"]); // want "RED:process-api"

const importFrom = require("import-from");
importFrom(__dirname, "child_process").execFileSync("claude"); // want "RED:process-api"
