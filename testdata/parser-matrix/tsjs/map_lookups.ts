// Maps and entry lists: every value they may hold is a possibility of a
// look-up (issue 15).
import { spawn } from 'child_process';

const m = new Map([["agent", "claude"], ["vcs", "git"]]);
spawn(m.get("agent")!, ["-p"]); // want "RED:variable-execution"

const n = new Map<string, string>();
n.set("agent", "claude");
spawn(n.get("agent")!, ["-p"]); // want "RED:variable-execution"

const o = Object.fromEntries([["agent", "claude"]]);
spawn(o.agent, ["-p"]); // want "RED:variable-execution"

const vals = Object.values({ agent: "claude" });
spawn(vals[0], ["-p"]); // want "RED:variable-execution"

for (const bin of new Set(["claude"])) {
  spawn(bin, ["-p"]); // want "RED:variable-execution"
}

const w = new WeakMap();
const key = {};
w.set(key, "claude");
spawn(w.get(key), ["-p"]); // want "RED:variable-execution"
