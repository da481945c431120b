// A key that is a literal on one path and not known on another reads
// any member: Union leaves the unknown out but marks it (Value.Other).
const cp = require("child_process");
let k = "execFileSync";
if (process.env.K) k = process.env.K;
cp[k]("claude -p hi"); // want "RED:direct-literal"

const RUNNERS = { lint: "eslint", agent: "claude" };
let job = "lint";
if (process.argv[2]) job = process.argv[2];
cp.spawnSync(RUNNERS[job], ["-p"]); // want "RED:variable-execution"
