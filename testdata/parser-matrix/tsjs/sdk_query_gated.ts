// Agent SDK query() whose executable is a launch-runtime shim: gated.
import { query } from '@anthropic-ai/claude-agent-sdk';

const q = query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: '/opt/leasegate/bin/launch-runtime-claude' } }); // want "GATED"
