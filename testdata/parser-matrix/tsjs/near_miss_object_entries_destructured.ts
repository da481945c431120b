// near miss: Object.entries pairs whose values name no runtime stay green.
import { spawnSync } from "child_process";

const steps: Record<string, string> = { format: "prettier", review: "git" };
Object.entries(steps).forEach(([name, bin]) => {
  spawnSync(bin, ["-p", name], { stdio: "inherit" });
});

const agents = { review: "git", lint: "eslint" };
for (const [name, exe] of Object.entries(agents)) {
  spawnSync(exe, ["-p", name]);
}

const tools = { fix: "git", fmt: "prettier" };
Object.entries(tools).map(([, bin]) => spawnSync(bin, ["--print"]));
