// `node SCRIPT` where the script is one of several files and only one is a
// runtime's entry point (a `??` with an unknown left side, two returns, a
// ternary): any possibility that starts a runtime makes the launch RED, as
// in shell and Go (issue 16, pi-server). A `bash -c` line that is one of
// several and a package runner's package that is one of several too.
import { spawn } from "node:child_process";
import { resolve } from "node:path";

function findCli(root: string): string {
  if (root === "") return "/opt/pi/shim.js";
  return resolve(root, "@mariozechner", "pi-coding-agent", "dist", "cli.js");
}

export function start(opts: { cliPath?: string }, fast: boolean) {
  const cli = opts.cliPath ?? findCli(process.env.NPM_ROOT ?? "");
  spawn("node", [cli, "--mode", "rpc"]); // want "RED:process-api"
  spawn("node", [fast ? "server.js" : "node_modules/@anthropic-ai/claude-code/cli.js"]); // want "RED:process-api"
  spawn("bash", ["-c", fast ? "ls -l" : "claude -p hi"]); // want "RED:eval"
  spawn("npx", [fast ? "prettier" : "@anthropic-ai/claude-code"]); // want "RED:package-runner"
  spawn("node", [opts.cliPath ?? resolve(process.env.NPM_ROOT, "@mariozechner/pi-coding-agent/dist/cli.js")]); // want "RED:process-api"
}
