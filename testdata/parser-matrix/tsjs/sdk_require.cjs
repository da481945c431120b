// The SDK through require and destructuring.
const { query } = require('@anthropic-ai/claude-agent-sdk');

query({ prompt: 'x' }); // want "RED:sdk"
