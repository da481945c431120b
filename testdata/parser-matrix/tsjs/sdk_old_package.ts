// The query() the old @anthropic-ai/claude-code package exported.
import { query } from '@anthropic-ai/claude-code';

query({ prompt: 'x' }); // want "RED:sdk"
