// Each possibility of a command line handed to a shell is scanned: a
// ternary branch or a reassignment that runs a runtime is a launch.
import { execSync } from 'child_process';

export function go(fast: boolean) {
  execSync(fast ? "ls -la" : "claude -p hi"); // want "RED:direct-literal"
  let line = "make build";
  if (fast) line = "pi -p 'x'";
  execSync(line); // want "RED:direct-literal"
}
