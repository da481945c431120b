// Near miss of cp_module_name_concat.js: module names built inside the
// require call that are not the process module; the file names claude
// and calls a spawn of its own.
const fs = require("f" + "s");
const path = require(`pa${"th"}`);
function spawn(bin) { return path.join("/opt", bin); }
fs.existsSync(spawn("claude"));
