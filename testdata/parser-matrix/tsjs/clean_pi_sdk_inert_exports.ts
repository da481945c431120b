// Near miss of pi_sdk_any_export.ts: an extension's helpers, types,
// components, tools, an empty extension runtime and a session's services
// of the Pi package run no session.
import type { AgentSession, ExtensionAPI } from "@mariozechner/pi-coding-agent";
import {
  DynamicBorder, SessionManager, truncateHead, getMarkdownTheme, createBashTool, isToolCallEventType,
  createExtensionRuntime, createAgentSessionServices,
} from "@mariozechner/pi-coding-agent";

export function describe(session: AgentSession, pi: ExtensionAPI) {
  const border = new DynamicBorder((s: string) => s);
  const bash = createBashTool(process.cwd());
  console.log(truncateHead(session.sessionFile ?? "", {}), getMarkdownTheme(), border, bash, isToolCallEventType("bash", {}));
  return { runtime: createExtensionRuntime(), manager: SessionManager.inMemory(), pi };
}

export const services = await createAgentSessionServices({ cwd: process.cwd() });
