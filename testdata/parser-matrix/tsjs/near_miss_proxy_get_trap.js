// Near miss of proxy_get_trap.js: a get trap returning other tools, in a
// file that names the runtime only in prose.
const { spawn } = require("child_process");

const tools = new Proxy({}, { get: (_t, k) => (k === "vcs" ? "git" : "make") });
spawn(tools.vcs, ["status"]);
console.log("Claude is not run here");
