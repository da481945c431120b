// Near miss of lost_event_callback.js and shell_fed_by_stdin.js: the
// event handler runs what it is given, but the file names the runtime
// only in a comparison, as a key, as a module or in prose; the shell with
// no script reads what the user types (nothing is written to it); the
// timers call another tool.
const { EventEmitter } = require("events");
const { spawn } = require("child_process");
const bus = new EventEmitter();
bus.on("start", (bin, args) => spawn(bin, args));
bus.emit("start", "git", ["status"]);
function label(kind) {
  if (kind === "claude") return "Claude Code";
  return { "pi": "Pi", other: "?" }[kind];
}
const sdk = require.resolve("@anthropic-ai/claude-code");
console.log(label("x"), sdk, "Claude is thinking");
const shell = spawn("bash", [], { stdio: "inherit" });
setTimeout(spawn, 0, "git", ["fetch"]);
