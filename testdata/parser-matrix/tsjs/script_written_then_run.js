// A shell given a script file the code writes runs text the analysis does
// not follow: in a file that names the runtime (here inside the written
// text, after an escape), it is a dynamic launch. The script, a `#!`
// text of a shell, is also read where it is written (ScanWritten).
const fs = require("fs");
const { spawn } = require("child_process");
fs.writeFileSync("/tmp/agent.sh", "#!/bin/sh\nclaude -p hi\n");  // want "RED:eval"
spawn("sh", ["/tmp/agent.sh"]); // want "RED:dynamic"
