// Command lines whose every possibility runs another program are clean.
import { execSync } from 'child_process';

export function go(fast: boolean) {
  execSync(fast ? "ls -la" : "make test");
  let line = "make build";
  if (fast) line = "npm run build";
  execSync(line);
}
