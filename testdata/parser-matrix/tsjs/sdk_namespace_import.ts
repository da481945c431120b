// A namespace import of the SDK.
import * as sdk from '@anthropic-ai/claude-agent-sdk';

const stream = sdk.query({ prompt: 'x' }); // want "RED:sdk"
