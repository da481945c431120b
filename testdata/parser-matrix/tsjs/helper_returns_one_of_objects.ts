// A helper that returns one of several command objects (the Pi package's
// subagent example, pi-subagents' getPiSpawnCommand): `spec.command` is
// any of their commands, so the spawn may start pi. Also a conditional
// of two objects. Was silent: a union of objects was unknown.
import { spawn } from "node:child_process";

function getPiInvocation(args: string[]): { command: string; args: string[] } {
	if (process.env.PI_BIN) {
		return { command: process.env.PI_BIN, args };
	}
	if (process.argv[1]) {
		return { command: process.execPath, args: [process.argv[1], ...args] };
	}
	return { command: "pi", args };
}

const invocation = getPiInvocation(["-p", "x"]);
spawn(invocation.command, invocation.args); // want "RED:variable-execution"

const spec = process.env.FAST ? { command: "node" } : { command: "claude" };
spawn(spec.command, []); // want "RED:variable-execution"
