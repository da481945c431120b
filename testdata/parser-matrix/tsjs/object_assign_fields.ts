// Fields set through Object.assign, Reflect.set and Object.defineProperty
// are fields of the instance, read through any instance (issue 15's
// family).
import { spawn } from 'child_process';

const a: any = new Object();
Object.assign(a, { tool: "claude" });
spawn(a.tool, ["-p"]); // want "RED:variable-execution"

const b: any = new Object();
Reflect.set(b, "bin", "claude");
spawn(b.bin, ["-p"]); // want "RED:variable-execution"

const c: any = new Object();
Object.defineProperty(c, "exe", { value: "claude" });
spawn(c.exe, ["-p"]); // want "RED:variable-execution"
