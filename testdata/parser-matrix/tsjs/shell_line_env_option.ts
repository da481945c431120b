// The env option of a process API that runs a shell line sets variables
// the line expands: `"$AGENT" -p` with { env: { AGENT: "claude" } } runs
// claude. Near miss: near_miss_shell_line_env_option.ts.
import { exec, execSync, spawn } from "node:child_process";

execSync('"$AGENT" -p review', { env: { ...process.env, AGENT: "claude" } }); // want "RED:variable-execution"
const env = { PATH: process.env.PATH, RUNNER: "pi" };
exec("$RUNNER --print hello", { env }, () => {}); // want "RED:variable-execution"
spawn("${TOOL} -p x", { shell: true, env: { TOOL: "claude" } }); // want "RED:variable-execution"
