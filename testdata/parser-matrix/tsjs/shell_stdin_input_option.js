// The `input` option of a process API is the script a shell reading its
// standard input runs (`sh` with no script, `bash -s`).
const { spawnSync, execSync } = require("child_process");
spawnSync("sh", [], { input: "exec claude -p hi" }); // want "RED:eval"
execSync("bash -s", { input: "claude -p hi\n" }); // want "RED:eval"
