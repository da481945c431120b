// Object.assign(...) used as a value: an object whose entries are its
// arguments spread in order, a later one winning.
import { spawn } from 'child_process';

const LOCAL = { bin: "pi" };
const local = Object.assign({}, LOCAL, { timeout: 5 });
spawn(local.bin, []); // want "RED:process-api"

const base = { stdio: "inherit" };
const merged = Object.assign(base, { bin: "claude" });
spawn(merged.bin, ["-p"]); // want "RED:process-api"

const over = Object.assign({}, LOCAL, { bin: "git" });
spawn(over.bin, ["status"]);

// Object.assign(o, {...}) as a statement sets o's properties: a copy, or
// an object literal, read afterwards.
const X = { bin: "git" };
const copy = Object.assign({}, X);
Object.assign(copy, { bin: "claude" });
spawn(copy.bin, []); // want "RED:process-api"
const lit = { bin: "git" };
Object.assign(lit, { bin: "pi" });
spawn(lit.bin, []); // want "RED:process-api"
