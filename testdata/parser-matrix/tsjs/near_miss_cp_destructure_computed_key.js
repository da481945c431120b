// Near miss of cp_destructure_computed_key.js: computed keys that name a
// member that runs nothing, a process API by an unknown key running git,
// and a module with no process API destructured by an unknown key.
const { ["ex" + "ecPath"]: where } = process;
console.log(where, "claude");

const { [process.env.K]: go } = require("child_process");
go("git", ["status"]);

const { [process.env.F]: read } = require("fs");
read("claude.txt");
