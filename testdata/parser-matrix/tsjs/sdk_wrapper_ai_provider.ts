// A third-party wrapper of the Claude Agent SDK is the SDK: the Vercel AI
// SDK's Claude Code provider, `ai-sdk-provider-claude-code`, calls the
// Agent SDK's query() (which starts Claude Code) for each generateText on
// a model it makes. Any value of the wrapper called or constructed is an
// SDK use (deny by default), reported where it is made: by import,
// require and dynamic import (field trial: eyaltoledano/claude-task-master
// src/ai-providers/claude-code.js, `createClaudeCode({ defaultSettings })`
// in a provider class's getClient), and the others of the kind (claude-code-ai-provider,
// claude-agent-ai-provider). Options that point at a
// launch-runtime shim gate it.
import { createClaudeCode, claudeCode } from "ai-sdk-provider-claude-code";
import * as provider from "ai-sdk-provider-claude-code";
import { generateText } from "ai";
import { createClaudeCode as cojiProvider } from "claude-code-ai-provider";
import { createClaudeAgent } from "claude-agent-ai-provider";

export class ClaudeCodeProvider {
  getClient(settings = {}) {
    return createClaudeCode({ // want "RED:sdk"
      defaultSettings: { systemPrompt: { type: "preset", preset: "claude_code" }, settingSources: ["user", "project"], ...settings },
    });
  }
}

export async function ask(prompt: string) {
  return generateText({ model: claudeCode("sonnet"), prompt }); // want "RED:sdk"
}

export const opus = provider.claudeCode.languageModel("opus"); // want "RED:sdk"
export const lm = new provider.ClaudeCodeLanguageModel({ id: "haiku" }); // want "RED:sdk"

export async function lazy() {
  const { createClaudeCode: make } = await import("ai-sdk-provider-claude-code");
  return make(); // want "RED:sdk"
}

export function required() {
  const cc = require("ai-sdk-provider-claude-code");
  return cc.createClaudeCode({ defaultSettings: { pathToClaudeCodeExecutable: "/usr/local/bin/launch-runtime-claude" } }); // want "GATED"
}

export const others = [
  cojiProvider(), // want "RED:sdk"
  createClaudeAgent({}), // want "RED:sdk"
];
