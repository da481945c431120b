// An executable option that is the runtime itself is not a shim.
import { query } from '@anthropic-ai/claude-agent-sdk';

query({ prompt: 'x', options: { pathToClaudeCodeExecutable: '/usr/local/bin/claude' } }); // want "RED:sdk"
