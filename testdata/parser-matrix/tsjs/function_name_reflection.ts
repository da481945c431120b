// A function's name read at run time (Function.name) is the string its
// source writes: a declaration's own name, an arrow's variable's.
// Near miss: near_miss_function_name_reflection.ts.
import { spawnSync } from "child_process";

function claude() {}
spawnSync(claude.name, ["-p", "hi"]); // want "RED:process-api"

const pi = () => 0;
spawnSync(pi.name, ["-p", "hi"]); // want "RED:process-api"
