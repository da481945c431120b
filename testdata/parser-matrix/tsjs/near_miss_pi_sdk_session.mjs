// Another package's createAgentSession, and the Pi package's helpers an
// extension uses (no session): clean.
import { createAgentSession } from "./api/agents.js";
import { truncateHead, getMarkdownTheme, SessionManager } from "@mariozechner/pi-coding-agent";

const id = await createAgentSession("user-1");
console.log(id, truncateHead("x", {}), getMarkdownTheme(), SessionManager.inMemory());
