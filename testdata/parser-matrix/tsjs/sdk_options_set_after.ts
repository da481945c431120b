// SDK options set after construction: the permission mode written on the
// options object (or through setPermissionMode) is the primitive.
import { query, type Options } from '@anthropic-ai/claude-agent-sdk';

const options: Options = {};
options.permissionMode = "bypassPermissions"; // want "RED:dangerous-primitive"
query({ prompt: "hi", options }); // want "RED:sdk"

export async function later() {
  const q = query({ prompt: "x" }); // want "RED:sdk"
  await q.setPermissionMode("bypassPermissions"); // want "RED:dangerous-primitive"
}
