// map and filter over a known array: the callback's parameter is any
// element, so the body's value is a possibility of every element (issue
// 15's family).
import { spawn } from 'child_process';

const a = ["CLAUDE", "-p"].map((s) => s.toLowerCase());
spawn(a[0], a.slice(1)); // want "RED:variable-execution"
const b = ["claude", "-p"].filter((s) => s.length > 0);
spawn(b[0], b.slice(1)); // want "RED:variable-execution"
