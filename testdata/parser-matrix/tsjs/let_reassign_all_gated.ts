// Every possibility of the command is the wrapper: gated.
import { spawnSync } from 'child_process';

let bin = "launch-runtime";
if (process.env.LOCAL) bin = "./node_modules/.bin/launch-runtime";
spawnSync(bin, ["--runtime", "claude", "--", "-p", "hi"]); // want "GATED"
