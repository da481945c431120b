// Near miss of object_sets_past_bound.js: the same table within the
// bound, every entry a plain tool.
const { spawn } = require("child_process");

const tools = {};
tools.t00 = "tool00";
tools.t01 = "tool01";
tools.t02 = "tool02";
tools.t03 = "tool03";
tools.t04 = "tool04";
tools.t05 = "tool05";
tools.t06 = "tool06";
tools.t07 = "tool07";
tools.t08 = "tool08";
tools.t09 = "tool09";
tools.zz = "ruff";
spawn(tools[process.env.TOOL], ["-p", "x"]);
