// The Pi coding agent's SDK: createAgentSession runs Pi's agent loop with
// its coding tools in this process, no launch-runtime: class sdk (runtime
// pi), under a namespace import and a require too.
import { createAgentSession, SessionManager } from "@mariozechner/pi-coding-agent";
import * as pi from "@mariozechner/pi-coding-agent";

const { session } = await createAgentSession({ sessionManager: SessionManager.inMemory() }); // want "RED:sdk"
await session.prompt("Fix the failing tests");
await pi.createAgentSession({}); // want "RED:sdk"
const { main } = await import("@mariozechner/pi-coding-agent");
await main(["-p", "review"]); // want "RED:sdk"
