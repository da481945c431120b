// Near miss of helper_returns_one_of_objects.ts: every object the helper
// or the conditional may give holds another program.
import { spawn } from "node:child_process";

function getInvocation(args: string[]): { command: string; args: string[] } {
	if (process.argv[1]) {
		return { command: "node", args: [process.argv[1], ...args] };
	}
	return { command: "git", args };
}

const invocation = getInvocation(["log"]);
spawn(invocation.command, invocation.args);

const spec = process.env.FAST ? { command: "node" } : { command: "deno" };
spawn(spec.command, []);
