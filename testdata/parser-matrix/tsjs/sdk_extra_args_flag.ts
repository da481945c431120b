// The flag as an extraArgs key (no leading dashes).
import { query } from '@anthropic-ai/claude-agent-sdk';

const q = query({ // want "RED:sdk"
  prompt: 'x',
  options: { extraArgs: { 'dangerously-skip-permissions': null } }, // want "RED:dangerous-primitive"
});
