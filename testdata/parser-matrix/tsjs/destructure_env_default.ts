// A destructured name with a default from process.env may be the
// default: a run-time value whose fallback is the runtime.
import { spawn } from 'child_process';

const { BIN = "claude" } = process.env;
spawn(BIN, ["-p"]); // want "RED:dynamic"
