// A runtime's file run by a relative name from the working folder a
// process API is given (review 26's folder rule, for code): `spawn("node",
// ["cli.js"], { cwd })` where cwd is the runtime's package folder (found
// by require.resolve, or written), so the command is the runtime.
// Near miss: near_miss_cwd_runtime_folder.ts.
import { spawn, execFileSync } from "child_process";
import * as path from "path";

const dir = path.dirname(require.resolve("@anthropic-ai/claude-code/package.json"));
spawn("node", ["cli.js", "-p", "hi"], { cwd: dir }); // want "RED:process-api"
execFileSync(process.execPath, ["./dist/cli.js", "--mode", "rpc"], { cwd: "/usr/lib/node_modules/@mariozechner/pi-coding-agent" }); // want "RED:process-api"
// the process's own folder, changed: later commands run there
process.chdir("/usr/lib/node_modules/@anthropic-ai/claude-code");
spawn("node", ["cli.js", "-p", "later"]); // want "RED:process-api"
