// Near miss of cp_member_key_unknown.js: a process module's member by an
// unknown key that runs git, and modules with no process API (fs, path,
// util) read by unknown keys and handed the runtime's name as data.
const cp = require("child_process");
cp[process.env.RUNNER]("git", ["status"]);

const fs = require("fs");
fs[process.env.OP]("claude.txt");

const path = require("path");
path[process.env.F]("claude", "bin");

const util = require("util");
util[process.env.U]("claude");
