// A process API destructured by a computed key (review 10, a21): the key's
// value names the member, and a key not known statically may name any of
// the module's APIs (judged as the line a shell runs).
const { ["spa" + "wn"]: run } = require("child_process");
run("claude", ["-p", "hi"]); // want "RED:process-api"

const { [process.env.K]: go } = require("child_process");
go("claude", ["-p"]); // want "RED:direct-literal"

const cp = require("node:child_process");
const key = process.argv[2];
const { [key]: again } = cp;
again("pi -p x"); // want "RED:direct-literal"
