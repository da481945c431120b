// The same forms setting other programs.
import { spawn } from 'child_process';

const a: any = new Object();
Object.assign(a, { tool: "git" });
spawn(a.tool, ["log"]);

const c: any = new Object();
Object.defineProperty(c, "exe", { value: "make" });
spawn(c.exe, ["all"]);
