// Modules stored in an object under a key that is not one known string
// (review 10: a forEach assigning modules): a property read later may be
// any of them, so the process module's method is a process API.
const mods = {};
["child_process", "fs"].forEach((m) => {
  mods[m] = require(m);
});
mods.child_process.spawn("claude", ["-p", "a"]); // want "RED:process-api"

const byName = {};
for (const m of ["child_process", "fs"]) byName[m] = require(m);
byName["child_process"].spawnSync("pi", ["-p"]); // want "RED:process-api"

const loaded = {};
for (const name of process.argv.slice(2)) loaded[name] = require(name);
loaded.anything.execFileSync("claude", ["-p"]); // want "RED:process-api"
