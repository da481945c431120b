// The same family as issue 15's evasions, one step further: a helper that
// changes the array its caller passes, an environment variable the file
// sets and reads back, a field set on an instance.
import { spawn } from 'child_process';

function add(a: string[]) {
  a.unshift("claude");
}
const args = ["-p", "hi"];
add(args);
spawn(args[0], args.slice(1)); // want "RED:variable-execution"

process.env.AGENT_BIN = "claude";
spawn(process.env.AGENT_BIN!, ["-p"]); // want "RED:variable-execution"
process.env["TOOL"] = "claude";
spawn(process.env.TOOL || "git", ["-p"]); // want "RED:variable-execution"

const r: any = new Object();
r.tool = "claude";
spawn(r.tool, ["-p"]); // want "RED:variable-execution"
