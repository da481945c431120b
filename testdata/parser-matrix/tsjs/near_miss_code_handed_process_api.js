// Near miss of code_handed_process_api.js: the code is handed the process
// module and another tool's name.
const f = new Function("cp", "bin", "return cp.spawn(bin, ['status'])");
f(require("child_process"), "git");
