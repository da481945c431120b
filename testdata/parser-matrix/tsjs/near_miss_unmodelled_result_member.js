// Near miss of unmodelled_result_member.js: the same calls handed another
// tool, a string member of the runtime's name, and a chain whose last call
// is given nothing.
const { spawn } = require("child_process");
const lookup = require("bin-lookup");
const { Binary } = require("bin-wrapper");
const yargs = require("yargs");

spawn(lookup("git").path, ["status"]);
spawn(new Binary("make").path, ["all"]);
console.log(lookup("claude").length);
const argv = yargs(process.argv.slice(2)).option("claude", { default: "claude" }).parseSync();
spawn(argv.tool || "git", ["log"]);
spawn(new Binary("make"), ["all"]);
const { path: tool } = lookup("git");
spawn(tool, ["status"]);
