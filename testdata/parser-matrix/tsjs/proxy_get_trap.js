// A Proxy with a get trap: every member read through it is what the trap
// may return (here the runtime's name on one branch), and otherwise a
// value the analysis lost track of (fresh reviewer, sixteenth stop).
const { spawn } = require("child_process");

const tools = new Proxy({}, { get: (_t, k) => (k === "agent" ? "claude" : "echo") });
spawn(tools.agent, ["-p", "review"]); // want "RED:variable-execution"
