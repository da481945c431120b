// Near miss of api_object_by_unknown_key.js: the same objects of process
// APIs read by an unknown key, running git; and an object of functions
// that run nothing, handed the runtime's name as data.
const { execa, execaSync } = require("execa");
const { spawn, exec } = require("child_process");

const runners = { a: execa, b: execaSync };
runners[process.env.K]("git", ["status"]);

const cp = { run: spawn, shell: exec };
cp[process.argv[2]]("git", ["log"]);

const fmt = { up: (s) => s.toUpperCase(), low: (s) => s.toLowerCase() };
fmt[process.env.F]("claude");
