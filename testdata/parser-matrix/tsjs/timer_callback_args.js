// A timer hands its callback the arguments past the delay:
// setTimeout(fn, ms, ...args), setInterval the same, setImmediate(fn,
// ...args), process.nextTick(fn, ...args). Those are calls of fn.
// Near miss: near_miss_timer_callback_args.js.
const { spawn } = require("child_process");

function go(bin) { spawn(bin, ["-p", "nightly"]); } // want "RED:variable-execution"
setTimeout(go, 1000, "claude");

function tick(bin, flag) { spawn(bin, [flag]); } // want "RED:variable-execution"
process.nextTick(tick, "pi", "-p");

setImmediate((bin) => spawn(bin, ["-p", "x"]), "claude"); // want "RED:variable-execution"

function late(bin) { spawn(bin, ["-p", "late"]); } // want "RED:variable-execution"
globalThis.setTimeout(late, 10, "claude");
