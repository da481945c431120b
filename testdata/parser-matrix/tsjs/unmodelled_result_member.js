// What a call or class the analysis does not model was handed may come
// back in any property of its result (`lookup("claude").path`, an
// instance of a package's class): the member is judged on the name.
const { spawn } = require("child_process");
const lookup = require("bin-lookup");
const { Binary } = require("bin-wrapper");

spawn(lookup("claude").path, ["-p"]); // want "RED:process-api"
const found = lookup.sync("pi");
spawn(found.bin, ["--print"]); // want "RED:variable-execution"
spawn(new Binary("claude").path, ["-p", "hi"]); // want "RED:process-api"
const b = new Binary("claude");
spawn(b.path, ["-p"]); // want "RED:process-api"
spawn(new Binary("pi"), ["--print"]); // want "RED:process-api"
const { path: found2 } = lookup("claude");
spawn(found2, ["-p"]); // want "RED:variable-execution"
