// Deno.run({{ cmd: [...] }}).
const p = Deno.run({ cmd: ['claude', '-p'] }); // want "RED:process-api"
await p.status();
