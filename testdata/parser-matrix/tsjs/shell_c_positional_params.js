// A -c string a process API hands a shell is scanned again with its $0
// and positional parameters bound to the words after it: the wrapper
// `sh -c '"$@"' sh CMD...` runs CMD.
const { spawn, execFileSync } = require("child_process");
spawn("bash", ["-c", 'exec "$0" -p hi', "claude"]); // want "RED:eval"
spawn("sh", ["-c", '"$@"', "sh", "claude", "-p", "hi"]); // want "RED:eval"
execFileSync("sh", ["-c", 'cd /work && exec "$1" --print', "sh", "pi"]); // want "RED:eval"
