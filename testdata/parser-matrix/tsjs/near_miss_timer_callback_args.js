// The same timers handing their callbacks another program: clean.
const { spawn } = require("child_process");

function go(bin) { spawn(bin, ["status"]); }
setTimeout(go, 1000, "git");

function tick(bin, flag) { spawn(bin, [flag]); }
process.nextTick(tick, "git", "-v");

setImmediate((bin) => spawn(bin, ["log"]), "git");
setInterval(go, 500, "git");

function late(bin) { spawn(bin, ["log"]); }
globalThis.setTimeout(late, 10, "git");
