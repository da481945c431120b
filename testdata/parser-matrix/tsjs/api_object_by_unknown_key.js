// An object literal of process APIs read by a key not known statically
// (issue 16): `runners[process.env.K]` is any of its values, execa's or
// child_process's functions, so the call runs claude. Was already RED
// when checked; the case keeps it. Near miss:
// near_miss_api_object_by_unknown_key.js.
const { execa, execaSync } = require("execa");
const { spawn, exec } = require("child_process");

const runners = { a: execa, b: execaSync };
runners[process.env.K]("claude", ["-p"]); // want "RED:process-api"

const cp = { run: spawn, shell: exec };
const pick = process.argv[2];
const go = cp[pick];
go("claude", ["-p", "hi"]); // want "RED:process-api"

const table = [spawn, exec];
table[Number(process.env.I)]("pi", ["-p"]); // want "RED:process-api"
