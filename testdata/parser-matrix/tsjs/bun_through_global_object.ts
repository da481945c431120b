// The Bun and Deno globals read through the global object: the same APIs.
globalThis.Bun.spawn(['claude', '-p', 'hi']); // want "RED:process-api"

window['Deno'].run({ cmd: ['claude', '-p', 'hi'] }); // want "RED:process-api"

const key = 'Bun';
globalThis[key].spawnSync(['claude', '-p', 'hi']); // want "RED:process-api"
