// The shim path built with path.join in a const.
import { query } from '@anthropic-ai/claude-agent-sdk';
import * as path from 'node:path';

const SHIM = path.join(__dirname, 'bin', 'launch-runtime-claude');
export const ask = (prompt: string) => query({ prompt, options: { pathToClaudeCodeExecutable: SHIM } }); // want "GATED"
