// An interpreter given an unknown list of options before a known script
// (field trial, open-claude-agent-sdk ProcessFactory.ts: `spawn(executable,
// [...executableArgs, scriptPath])`): the script after them is read too.
// Near miss: a known script that is not a runtime.
import { spawn } from "node:child_process";

export function start(nodeFlags: string[]) {
  return spawn("node", [...nodeFlags, "node_modules/@anthropic-ai/claude-code/cli.js", "-p", "hi"]); // want "RED:process-api"
}

export function build(nodeFlags: string[]) {
  return spawn("node", [...nodeFlags, "tools/build.js", "claude"]);
}
