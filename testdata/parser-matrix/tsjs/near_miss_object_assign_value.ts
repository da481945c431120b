// Near miss of object_assign_value.ts: the same copies naming other
// programs.
import { spawn } from 'child_process';

const LOCAL = { bin: "make" };
const local = Object.assign({}, LOCAL, { timeout: 5 });
spawn(local.bin, []);

const base = { stdio: "inherit" };
const merged = Object.assign(base, { bin: "eslint" });
spawn(merged.bin, ["."]);

const X = { bin: "git" };
const copy = Object.assign({}, X);
Object.assign(copy, { bin: "make" });
spawn(copy.bin, []);
