// A launch is gated only when every possibility that names a runtime goes
// through launch-runtime: one branch that runs claude directly is RED.
import { spawnSync } from 'child_process';

let bin = "launch-runtime";
if (process.env.FAST) bin = "claude";
spawnSync(bin, ["--runtime", "claude", "--", "-p", "hi"]); // want "RED:variable-execution"
