// node (process.execPath) running the runtime's cli.js built with path.join.
import { spawn } from 'node:child_process';
import path from 'node:path';

const cli = path.join(import.meta.dirname, 'node_modules', '@anthropic-ai/claude-code', 'cli.js');
spawn(process.execPath, [cli, '-p', 'x']); // want "RED:process-api"
