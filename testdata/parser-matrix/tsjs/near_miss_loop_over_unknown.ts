// Near miss of loop_over_unknown.ts and destructured_unknown.ts: the same
// loop and destructuring, in a file that names the runtime only in prose,
// a comparison and a key; and the command line's arguments, which come
// from outside the file.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { registry } from "some-registry";

for (const exe of registry.list()) {
  spawnSync(exe, ["--version"]);
}
const { program } = JSON.parse(readFileSync(0, "utf8"));
spawnSync(program, []);
const [, , tool] = process.argv;
spawnSync(tool, []);
const LABELS = { claude: "Claude Code" };
if (program === "claude") console.log("Claude is not run here", LABELS);
