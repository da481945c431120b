// A renamed import of query.
import { query as ask } from '@anthropic-ai/claude-agent-sdk';

ask({ prompt: 'x', options: { maxTurns: 3 } }); // want "RED:sdk"
