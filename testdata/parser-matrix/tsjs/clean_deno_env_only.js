// Near miss of deno_after_env_read.ts (as in @google/genai's bundles): the
// Deno and Bun globals read only for their environment and version, and
// `typeof`; the file names claude in an option and starts nothing.
function platform() {
  if (typeof globalThis.Deno !== 'undefined') {
    return { name: 'deno', key: globalThis.Deno.env.get('API_KEY'), v: Deno.version.deno };
  }
  if (typeof Bun !== 'undefined') return { name: 'bun', v: Bun.version, key: Bun.env.API_KEY };
  return { name: 'node' };
}
export const options = { model: 'claude-sonnet', platform: platform() };
