// A process API runs a program the analysis lost track of (an event
// handler's parameter), and the file names the runtime as a command could
// be written: the name may be what runs there. An unknown is never absent.
const { EventEmitter } = require("events");
const { spawn } = require("child_process");
const bus = new EventEmitter();
bus.on("start", (bin, args) => spawn(bin, args)); // want "RED:dynamic"
bus.emit("start", "claude", ["-p", "hi"]);
