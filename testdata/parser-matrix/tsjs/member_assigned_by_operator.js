// A property given a value by a logical assignment (`??=`, `||=`, `&&=`)
// holds the right side as one of its values, as for `=`: an object's
// property, an instance's field, an environment variable (review 13).
const { spawn } = require("child_process");

function launch(opts = {}) {
  opts.bin ||= "claude";
  opts.args ??= ["-p"];
  return spawn(opts.bin, opts.args); // want "RED:process-api"
}
class Agent {
  start() {
    this.bin ??= "claude";
    return spawn(this.bin, ["-p"]); // want "RED:variable-execution"
  }
}
process.env.REVIEW13_AGENT_BIN ??= "claude";
spawn(process.env.REVIEW13_AGENT_BIN, ["-p"]); // want "RED:variable-execution"
