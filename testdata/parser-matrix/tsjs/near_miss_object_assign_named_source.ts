// The same Object.assign of a named object holding another program: clean.
import { spawn } from "child_process";

const DEFAULTS = { bin: "git", args: ["log"] };
const opts: { bin?: string; args?: string[] } = {};
Object.assign(opts, DEFAULTS);
spawn(opts.bin!, [...opts.args!, "--oneline"]);
