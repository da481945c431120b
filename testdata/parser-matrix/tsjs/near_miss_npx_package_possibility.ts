// npx with a package argument whose every possibility is another tool.
import { spawn } from 'child_process';

export function go(fast: boolean) {
  const pkg = fast ? "prettier" : "eslint";
  spawn("npx", ["-y", pkg]);
}
