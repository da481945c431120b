// A package argument of npx that may be a runtime's package: the
// possibility that names it is the one the judge reads.
import { spawn } from 'child_process';

export function go(fast: boolean) {
  const pkg = fast ? "prettier" : "@anthropic-ai/claude-code";
  spawn("npx", ["-y", pkg]); // want "RED:package-runner"
}
