// Pi's SDK is denied by default: a call or construction of any value of
// `@mariozechner/pi-coding-agent` that is not a known inert helper is an
// SDK use (as pi-mono's packages/mom/src/agent.ts, `new AgentSession(...)`
// run by session.prompt()), also a factory no table lists. The session
// factory handed to createAgentSessionRuntime makes that call's session:
// one finding, at the call.
import { AgentSession, SessionManager, createAgentSessionFromServices, createAgentSessionServices, createAgentSessionRuntime } from "@mariozechner/pi-coding-agent";
import { runNewPiThing } from "@mariozechner/pi-coding-agent";

const session = new AgentSession({ agent: {}, sessionManager: SessionManager.inMemory() }); // want "RED:sdk"
await session.prompt("triage the new issues");
const services = await createAgentSessionServices({ cwd: process.cwd() });
await createAgentSessionFromServices({ services, sessionManager: SessionManager.inMemory() }); // want "RED:sdk"
await runNewPiThing({}); // want "RED:sdk"

const createRuntime = async ({ cwd, sessionManager }) => {
  const services = await createAgentSessionServices({ cwd });
  return { ...(await createAgentSessionFromServices({ services, sessionManager })), services };
};
export const runtime = await createAgentSessionRuntime(createRuntime, { cwd: process.cwd() }); // want "RED:sdk"
