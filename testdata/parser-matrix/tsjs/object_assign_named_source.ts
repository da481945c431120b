// Object.assign(target, DEFAULTS) with DEFAULTS a name holding an object
// literal: the target's members are the union of the sources' too.
// Near miss: near_miss_object_assign_named_source.ts.
import { spawn } from "child_process";

const DEFAULTS = { bin: "claude", args: ["-p"] };
const opts: { bin?: string; args?: string[] } = {};
Object.assign(opts, DEFAULTS);
spawn(opts.bin!, [...opts.args!, "review"]); // want "RED:process-api"
