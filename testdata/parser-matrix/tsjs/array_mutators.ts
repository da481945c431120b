// An array changed in place before the launch: whatever a mutator puts in
// may end up as the command word (issue 15).
import { exec, spawn, spawnSync } from 'child_process';

const parts: string[] = [];
parts.push("claude", "-p", "hi");
exec(parts.join(" ")); // want "RED:direct-literal"

const args = ["-p", "hi"];
args.unshift("claude");
spawn(args[0], args.slice(1)); // want "RED:variable-execution"

const b = ["-p"];
b.splice(0, 0, "claude");
spawnSync(b[0], b.slice(1)); // want "RED:variable-execution"

const c = ["git", "-p"];
c[0] = "claude";
spawnSync(c[0]); // want "RED:variable-execution"

const d: string[] = ["-p"];
d.push("claude");
d.reverse();
spawnSync(d[0]); // want "RED:variable-execution"

const e: string[] = [];
Array.prototype.push.call(e, "claude");
spawnSync(e[0]); // want "RED:variable-execution"

const f = ["-p"];
f.fill("claude");
spawnSync(f[0]); // want "RED:variable-execution"

const g: string[] = [];
g.push(...["claude", "-p"]);
spawnSync(g.shift()!, g); // want "RED:variable-execution"
