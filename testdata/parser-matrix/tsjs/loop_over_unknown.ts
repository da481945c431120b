// A for...of variable over a list the analysis cannot read (an
// unmodelled call's result) runs as the program, and the file names the
// runtime as a command could be written. Unknown is never absent:
// dynamic (fresh reviewer, sixteenth stop).
import { spawnSync } from "node:child_process";
import { registry } from "some-registry";

const FALLBACK = "claude";
for (const exe of registry.list()) {
  spawnSync(exe, ["-p", "review"]); // want "RED:dynamic"
}
console.log(FALLBACK);
