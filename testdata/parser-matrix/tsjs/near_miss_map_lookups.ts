// Maps holding other programs only.
import { spawn } from 'child_process';

const m = new Map([["vcs", "git"]]);
spawn(m.get("vcs")!, ["log"]);

const n = new Map<string, string>();
n.set("build", "make");
spawn(n.get("build")!, ["all"]);
