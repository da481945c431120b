// leasegate gate extension for the Pi coding agent.
//
// launch-runtime writes this file out (with the absolute path of
// mutator-gate in GATE and the session's identity in GATE_ARGS) to a folder
// the agent's tools may not write, and
// starts `pi -ne -e /abs/gate.ts` so that extension discovery cannot replace
// it. Every tool call asks mutator-gate first; anything but a clean exit 0
// within the timeout blocks the tool. Compaction revokes the lease.
//
// No imports from pi's own packages: the file must load from wherever it is
// written, with nothing beside it.

import { spawn } from "node:child_process";

const GATE: string = "__LEASEGATE_MUTATOR_GATE__";

// The session's identity (--session, --generation, --socket, --broker),
// written here by launch-runtime for this session only. mutator-gate takes
// it from its command line and never from the environment, which the agent
// can change; it asks only the broker process named here. An installed copy
// (launch-runtime install) keeps the list empty.
const GATE_ARGS: string[] = [] /* __LEASEGATE_GATE_ARGS__ */;

// mutator-gate keeps its own broker deadline (2 s) far below this; the
// timeout is the backstop for a gate that does not answer at all, because a
// Pi handler has no timeout of its own.
const GATE_TIMEOUT_MS = 10_000;
const MAX_STDERR = 4096;

// The end of every GATE_UNAVAILABLE line this extension writes itself: the
// next step, as wire.NextStep has it (a Go test keeps the two equal).
const UNAVAILABLE_NEXT = "; next: start the agent through launch-runtime, and check that `lease-broker status` answers";

interface GateResult {
	ok: boolean; // exit status 0, not killed, not timed out
	reason: string;
}

function runGate(mode: string, payload: unknown): Promise<GateResult> {
	return new Promise((resolve) => {
		let settled = false;
		let stderr = "";
		const done = (r: GateResult) => {
			if (!settled) {
				settled = true;
				resolve(r);
			}
		};
		let child;
		try {
			child = spawn(GATE, [...GATE_ARGS, mode], { stdio: ["pipe", "ignore", "pipe"], env: process.env });
		} catch (err) {
			done({ ok: false, reason: `GATE_UNAVAILABLE: cannot start mutator-gate: ${String(err)}${UNAVAILABLE_NEXT}` });
			return;
		}
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			done({ ok: false, reason: `GATE_UNAVAILABLE: mutator-gate did not answer within ${GATE_TIMEOUT_MS} ms${UNAVAILABLE_NEXT}` });
		}, GATE_TIMEOUT_MS);
		child.stderr.on("data", (chunk: Buffer) => {
			if (stderr.length < MAX_STDERR) stderr += chunk.toString("utf8");
		});
		child.on("error", (err: Error) => {
			clearTimeout(timer);
			done({ ok: false, reason: `GATE_UNAVAILABLE: mutator-gate failed: ${err.message}${UNAVAILABLE_NEXT}` });
		});
		child.on("close", (code: number | null, signal: string | null) => {
			clearTimeout(timer);
			const line = stderr.split("\n")[0].trim();
			if (code === 0 && signal === null) {
				done({ ok: true, reason: "" });
			} else {
				done({ ok: false, reason: line || `GATE_UNAVAILABLE: mutator-gate exited ${code ?? signal}${UNAVAILABLE_NEXT}` });
			}
		});
		child.stdin.on("error", () => {}); // a gate that exits early closes the pipe
		child.stdin.end(JSON.stringify(payload));
	});
}

// Minimal shapes of the events used here (see pi's docs/extensions.md).
interface ToolEvent {
	toolName: string;
	input: unknown;
}
interface SessionStartEvent {
	reason?: string;
}
interface Pi {
	on(event: string, handler: (event: any, ctx: any) => unknown): void;
}

// The runtime's working folder, against which policy rules resolve
// relative paths. A context captured before a compaction or reload throws
// when touched; the process's folder is the fallback.
function cwdOf(ctx: any): string {
	try {
		if (typeof ctx?.cwd === "string") return ctx.cwd;
	} catch {
		// stale context
	}
	return process.cwd();
}

export default function leasegateGate(pi: Pi) {
	pi.on("session_start", async (event: SessionStartEvent) => {
		// The call-in that proves the gate is live; failures only mean the
		// session cannot be promoted, which the broker enforces.
		await runGate("session-start", { hook_event_name: "SessionStart", source: event?.reason ?? "startup" });
	});

	pi.on("tool_call", async (event: ToolEvent, ctx: any) => {
		let res: GateResult;
		try {
			res = await runGate("gate", {
				hook_event_name: "PreToolUse",
				tool_name: event.toolName,
				tool_input: event.input ?? {},
				cwd: cwdOf(ctx),
			});
		} catch (err) {
			return { block: true, reason: `GATE_UNAVAILABLE: ${String(err)}${UNAVAILABLE_NEXT}` };
		}
		if (res.ok) return undefined;
		return { block: true, reason: res.reason };
	});

	pi.on("tool_result", async (event: ToolEvent, ctx: any) => {
		// Telemetry tap: never changes the result, never blocks.
		try {
			await runGate("tap", {
				hook_event_name: "PostToolUse",
				tool_name: event.toolName,
				tool_input: event.input ?? {},
				cwd: cwdOf(ctx),
			});
		} catch {
			// ignored on purpose
		}
		return undefined;
	});

	pi.on("session_before_compact", async () => {
		const res = await runGate("compact", { hook_event_name: "PreCompact" });
		// A compaction that could not revoke the lease does not happen.
		if (!res.ok) return { cancel: true };
		return undefined;
	});

	pi.on("session_compact", async () => {
		await runGate("compact", { hook_event_name: "SessionCompact" });
	});
}
