// Near miss of cp_exec_on_computed_load.js: a RegExp's exec beside a
// computed load, and the loaded module's exec running no runtime.
const re = /claude (\w+)/;
const plugin = require(process.env.PLUGIN);
re.exec("claude -p hi");
plugin.register("x");
const cp = require(process.env.M);
cp.exec("git log", () => {});
