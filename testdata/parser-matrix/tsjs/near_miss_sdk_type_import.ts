// Importing only SDK types starts nothing.
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';

export function show(m: SDKMessage): string {
  return m.type;
}
