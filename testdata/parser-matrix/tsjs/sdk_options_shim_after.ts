// The executable set on the options after construction is a shim: gated.
// A permission mode that is not the bypass is no primitive.
import { query, type Options } from '@anthropic-ai/claude-agent-sdk';

const options: Options = { model: "x" };
options.pathToClaudeCodeExecutable = "/opt/bin/launch-runtime-claude";
options.permissionMode = "acceptEdits";
query({ prompt: "hi", options }); // want "GATED"
