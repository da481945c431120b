// Mutators that only ever put other programs' words in: no runtime.
import { exec, spawn, spawnSync } from 'child_process';

const parts: string[] = [];
parts.push("git", "status");
exec(parts.join(" "));

const args = ["log"];
args.unshift("git");
spawn(args[0], args.slice(1));

const c = ["git", "log"];
c[1] = "claude";
spawnSync(c[0], c.slice(1));

// pop() removes the last element: the runtime's name as an argument never
// moves to the front
const h = ["git", "log", "--author", "claude"];
h.pop();
spawnSync(h[0], h.slice(1));
