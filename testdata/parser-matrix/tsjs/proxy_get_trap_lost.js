// A Proxy whose get trap returns what the analysis cannot read (a value
// looked up at run time): the member read is lost, and the file names the
// runtime as a command could be written: dynamic.
const { spawn } = require("child_process");
const { lookup } = require("tool-registry");

const DEFAULT = "claude";
const tools = new Proxy({}, { get: (_t, k) => lookup(k, DEFAULT.length) });
spawn(tools.reviewer, ["-p", "review"]); // want "RED:dynamic"
