// The Agent SDK and child_process loaded through a require made by
// module.createRequire (a fresh reviewer's case, ts11), under the name
// require and under another.
import { createRequire } from 'node:module';
import * as nodeModule from 'module';

const require = createRequire(import.meta.url);
const { query } = require('@anthropic-ai/claude-agent-sdk');
for await (const m of query({ prompt: 'fix tests' })) console.log(m); // want "RED:sdk"

const load = nodeModule.createRequire(import.meta.url);
const cp = load('child_process');
cp.spawnSync('claude', ['-p', 'x']); // want "RED:process-api"
const { execFileSync } = load('node:child_process');
execFileSync('pi', ['-p']); // want "RED:process-api"
