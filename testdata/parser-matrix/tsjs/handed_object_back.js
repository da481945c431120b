// A function the analysis does not model, handed an object or a JSON text
// that holds a runtime's name, may hand back any part of it: a property
// of its result is any string it was handed (or an unknown), and a
// JSON text parsed is an object whose parts are any of its strings.
const { spawn } = require("child_process");
const lib = require("some-lib");

const o = lib.wrap({ bin: "claude" });
spawn(o.bin, ["-p"]); // want "RED:variable-execution"

const p = configure({ agent: { command: "claude" } });
spawn(p.command, ["-p"]); // want "RED:variable-execution"

const cfg = JSON.parse('{"bin": "claude", "args": ["-p", "hi"]}');
spawn(cfg.bin, cfg.args); // want "RED:variable-execution"
