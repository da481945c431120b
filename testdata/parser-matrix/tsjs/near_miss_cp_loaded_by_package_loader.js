// Near miss of cp_loaded_by_package_loader.js: a package's function handed
// another module's name, and the process module running no runtime.
const lazy = require("lazy-mod");
lazy("fs").spawn("claude", ["-p"]);
lazy("child_process").spawn("git", ["log"]);
