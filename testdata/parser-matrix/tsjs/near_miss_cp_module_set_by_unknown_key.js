// Near miss of cp_module_set_by_unknown_key.js: the modules stored by a
// key are no process module, or the process module runs no runtime.
const mods = {};
["fs", "path"].forEach((m) => {
  mods[m] = require(m);
});
mods.fs.readFileSync("claude");

const byName = {};
for (const m of ["child_process", "fs"]) byName[m] = require(m);
byName["child_process"].spawnSync("git", ["log"]);
