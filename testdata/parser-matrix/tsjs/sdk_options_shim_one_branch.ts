// The executable is a shim in one branch only: not every possibility is
// gated, so the SDK launch is RED.
import { query, type Options } from '@anthropic-ai/claude-agent-sdk';

const options: Options = { pathToClaudeCodeExecutable: "/usr/local/bin/claude" };
if (process.env.CI) options.pathToClaudeCodeExecutable = "/opt/bin/launch-runtime-claude";
query({ prompt: "hi", options }); // want "RED:sdk"
