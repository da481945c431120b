// Object.entries read as [key, value] pairs: in a forEach callback, a
// for...of loop and a map with a hole; each value may be the program.
import { spawnSync } from "child_process";

const steps: Record<string, string> = { format: "prettier", review: "claude" };
Object.entries(steps).forEach(([name, bin]) => {
  spawnSync(bin, ["-p", name], { stdio: "inherit" }); // want "RED:variable-execution"
});

const agents = { review: "claude", lint: "eslint" };
for (const [name, exe] of Object.entries(agents)) {
  spawnSync(exe, ["-p", name]); // want "RED:variable-execution"
}

const tools = { fix: "pi", fmt: "prettier" };
Object.entries(tools).map(([, bin]) => spawnSync(bin, ["--print"])); // want "RED:variable-execution"
