// JavaScript the file hands its own interpreter (eval, new Function,
// Function, node:vm's runners) is scanned when its text is known: its
// launches are reported at the call that runs it.
const vm = require("node:vm");
eval("require('child_process').spawn('claude', ['-p'])"); // want "RED:process-api"
const body = "require('child_process').execFileSync('pi', ['--print', 'hi'])";
new Function(body)(); // want "RED:process-api"
Function("bin", "return require('child_process').spawn('claude', [bin])")("-p"); // want "RED:process-api"
vm.runInThisContext(`require("child_process").spawn("claude")`); // want "RED:process-api"
new vm.Script("require('child_process').execSync('claude -p hi')").runInThisContext(); // want "RED:direct-literal"
