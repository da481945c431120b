// Near miss of shell_stdin_input_option.js: the input is another tool's
// script, or is data for a program that is no shell.
const { spawnSync, execSync } = require("child_process");
spawnSync("sh", [], { input: "make all" });
execSync("bash -s", { input: "git status\n" });
spawnSync("cat", [], { input: "claude -p hi" });
