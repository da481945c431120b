// Start Claude Code from Node.js through the lease-gated wrapper.
import { spawn } from "node:child_process";

export function runAgent(prompt: string): Promise<number> {
  const child = spawn("launch-runtime", ["--runtime", "claude", "--", "-p", prompt], {
    stdio: "inherit",
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}
