// reduce with a callback that concats lists, from a list, is the list of
// every part's elements in order: its first element is the command.
const { spawn } = require("child_process");

const argv = [["claude"], ["-p", "hi"]].reduce((acc, x) => acc.concat(x), []);
spawn(argv[0], argv.slice(1)); // want "RED:variable-execution"

const parts = [["-p"], ["hi"]];
const full = parts.reduce(function (a, b) { return a.concat(b); }, ["pi"]);
spawn(full[0], full.slice(1)); // want "RED:variable-execution"
