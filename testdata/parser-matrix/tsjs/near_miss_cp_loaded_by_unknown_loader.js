// Near miss of cp_loaded_by_unknown_loader.js: a loader handed another
// module's name, and the process module running no runtime.
const r = eval("require");
r("fs").readFileSync("claude");
r("child_process").spawn("git", ["log"]);
