// A property joined with `+=` holds its value joined with the right side
// (review13 ea).
const { spawn } = require("child_process");
const cfg = { bin: "cl" };
cfg.bin += "aude";
spawn(cfg.bin, ["-p"]); // want "RED:process-api"
