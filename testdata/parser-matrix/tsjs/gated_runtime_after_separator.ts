// --runtime after "--" belongs to the runtime's own arguments: the wrapper
// is named but the launch is not gated as written, so it is RED.
import { spawn } from "node:child_process";

spawn("launch-runtime", ["--", "--runtime", "claude", "-p", "x"]); // want "RED:process-api"
