// An iteration method handed a process API by reference calls it with
// each element as its first argument: `tools.forEach(spawnSync)` is a
// spawnSync of any element of tools. Near miss:
// near_miss_process_api_handed_to_iteration.ts.
import { spawnSync, execSync } from "node:child_process";
import * as cp from "node:child_process";

const tools = ["git", "claude"];
tools.forEach(spawnSync); // want "RED:variable-execution"
["pi --print hello"].map(execSync); // want "RED:direct-literal"
const agents: string[] = ["claude"];
agents.filter(Boolean).some(cp.execFileSync); // want "RED:variable-execution"
Array.from(new Set(agents), spawnSync); // want "RED:variable-execution"
const { execFileSync: run } = cp;
const again = run;
agents.forEach(again); // want "RED:variable-execution"
