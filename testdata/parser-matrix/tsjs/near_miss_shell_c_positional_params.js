// Near miss of shell_c_positional_params.js: the parameters name another
// tool, or the runtime's name is only echoed.
const { spawn } = require("child_process");
spawn("bash", ["-c", 'exec "$0" status', "git"]);
spawn("sh", ["-c", '"$@"', "sh", "make", "all"]);
spawn("sh", ["-c", 'echo "$1"', "sh", "claude"]);
