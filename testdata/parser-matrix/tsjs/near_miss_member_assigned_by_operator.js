// Near miss of member_assigned_by_operator.js: the same logical
// assignments of another tool.
const { spawn } = require("child_process");

function launch(opts = {}) {
  opts.bin ||= "git";
  return spawn(opts.bin, ["status"]);
}
process.env.TOOL_BIN ??= "git";
spawn(process.env.TOOL_BIN, ["log"]);
