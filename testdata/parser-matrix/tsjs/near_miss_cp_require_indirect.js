// Near miss of cp_require_indirect.js: modules loaded the same ways that
// are not the process module, handed the runtime's name as data, and the
// process module so loaded running git.
const [fs, path] = ["fs", "path"].map(require);
fs.readFileSync(path.join("claude", "notes.txt"));

const plugin = module.require("./plugin");
plugin.run("claude");

require.call(null, "child_process").spawnSync("git", ["status"]);
Reflect.apply(require, null, ["os"]).hostname("pi");
