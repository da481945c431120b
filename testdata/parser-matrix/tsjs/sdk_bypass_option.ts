// permissionMode bypassPermissions as an SDK option is the primitive.
import { query } from '@anthropic-ai/claude-agent-sdk';

const q = query({ // want "RED:sdk"
  prompt: 'x',
  options: { permissionMode: 'bypassPermissions' }, // want "RED:dangerous-primitive"
});
