// Near miss of node_script_one_of_several.ts: the same shapes where no
// possibility is a runtime's entry point, a runtime line or a runtime's
// package (the runtime's name only as a later argument).
import { spawn } from "node:child_process";
import { resolve } from "node:path";

function findCli(root: string): string {
  if (root === "") return "/opt/tools/shim.js";
  return resolve(root, "@acme", "formatter", "dist", "cli.js");
}

export function start(opts: { cliPath?: string }, fast: boolean) {
  const cli = opts.cliPath ?? findCli(process.env.NPM_ROOT ?? "");
  spawn("node", [cli, "--mode", "rpc", "claude"]);
  spawn("node", [fast ? "server.js" : "node_modules/@acme/formatter/cli.js"]);
  spawn("bash", ["-c", fast ? "ls -l" : "echo claude"]);
  spawn("npx", [fast ? "prettier" : "eslint", "pi"]);
  spawn("node", [opts.cliPath ?? resolve(process.env.NPM_ROOT, "@acme/formatter/dist/cli.js"), "pi"]);
}
