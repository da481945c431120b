// Near miss of handed_object_back.js: the same shapes holding another
// tool, and a property of an unmodelled call's result in a file that
// names the runtime only in a string nobody runs.
const { spawn } = require("child_process");
const lib = require("some-lib");

const o = lib.wrap({ bin: "node" });
spawn(o.bin, ["-v"]);

const cfg = JSON.parse('{"bin": "git", "args": ["status"]}');
spawn(cfg.bin, cfg.args);

console.log("claude is not started here");
