// Near miss of code_run_by_eval.js: the code run starts another tool, or
// names the runtime only as data.
const vm = require("node:vm");
eval("require('child_process').spawn('git', ['log', '--grep', 'claude'])");
new Function("return 'claude'.toUpperCase()")();
vm.runInThisContext(`console.log("pi")`);
eval("1 + 1");
