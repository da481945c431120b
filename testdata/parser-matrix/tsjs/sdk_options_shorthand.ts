// Options held in a const and passed by shorthand.
import { query } from '@anthropic-ai/claude-agent-sdk';

const options = { pathToClaudeCodeExecutable: './tools/launch-runtime' };
query({ prompt: 'x', options }); // want "GATED"
