// A Proxy with a handler that traps no read hands on its target's
// members: a process API read through it is the API itself.
const cp = require("child_process");

const p = new Proxy(cp, {});
p.spawn("claude", ["-p"]); // want "RED:process-api"

const q = new Proxy(cp, { has: () => true });
q.execSync("claude -p hi"); // want "RED:direct-literal"
