// Agent SDK query() without a shim: class sdk.
import { query } from '@anthropic-ai/claude-agent-sdk';

for await (const m of query({ prompt: 'hi' })) { // want "RED:sdk"
  console.log(m);
}
