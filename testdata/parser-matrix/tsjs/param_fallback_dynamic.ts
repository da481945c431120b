// A wrapper function receives `exe || 'claude'` from its callers: dynamic.
import { spawn } from 'child_process';

function addSource(exe: string) {
  return spawn(exe, ['plugin', 'marketplace', 'add', 'x']); // want "RED:dynamic"
}

export async function setup(exe?: string) {
  const resolved = exe || 'claude';
  await addSource(resolved);
}
