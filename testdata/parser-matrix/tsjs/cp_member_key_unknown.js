// A process module's member read by a key not known statically (review
// 10, a20; the key from the environment or another module): any of its
// APIs, so the command and its arguments are judged as the line a shell
// runs.
const cp = require("child_process");
cp[process.env.RUNNER]("claude", ["-p", "hi"]); // want "RED:direct-literal"

const method = process.argv[2];
cp[method]("pi -p hello"); // want "RED:direct-literal"
