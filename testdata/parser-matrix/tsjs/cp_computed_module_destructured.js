// A module loaded by a computed name whose process API is destructured or
// read by a quoted name (review 10, b02, b03; review 11, c1): the file
// names the method as a word, not only as `.spawn(`, so it is parsed.
const lib = { mods: ["fs", "child_process"] };
const { spawn } = require(lib.mods[1]);
spawn("claude", ["-p", "hi"]); // want "RED:process-api"

const name = process.env.PROC_MODULE;
const { exec } = require(name);
exec("pi -p hello"); // want "RED:direct-literal"
