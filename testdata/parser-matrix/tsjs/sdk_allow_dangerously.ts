// allowDangerouslySkipPermissions: true is the primitive.
import { query } from '@anthropic-ai/claude-agent-sdk';

const q = query({ // want "RED:sdk"
  prompt: 'x',
  options: { allowDangerouslySkipPermissions: true }, // want "RED:dangerous-primitive"
});
