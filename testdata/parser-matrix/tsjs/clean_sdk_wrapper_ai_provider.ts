// Near miss of sdk_wrapper_ai_provider.ts: the wrapper's types, its
// error helpers, and packages with a similar name that wrap no Agent SDK
// (the Anthropic API provider, a Claude Code settings schema) start
// nothing; neither does a mock of the wrapper a test declares.
import type { ClaudeCodeSettings, ClaudeCodeProvider } from "ai-sdk-provider-claude-code";
import { isAuthenticationError, getErrorMetadata } from "ai-sdk-provider-claude-code";
import { createAnthropic } from "@ai-sdk/anthropic";
import { parseSettings } from "claude-code-settings-schema";

export function classify(err: unknown, s: ClaudeCodeSettings, p?: ClaudeCodeProvider) {
  if (isAuthenticationError(err)) {
    return getErrorMetadata(err);
  }
  return { s, p, settings: parseSettings({}), model: createAnthropic({})("claude-sonnet-4-5") };
}
