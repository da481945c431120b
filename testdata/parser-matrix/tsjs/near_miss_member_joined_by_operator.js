// Near miss of member_joined_by_operator.js: the joined property names
// another tool.
const { spawn } = require("child_process");
const cfg = { bin: "gi" };
cfg.bin += "t";
spawn(cfg.bin, ["status"]);
