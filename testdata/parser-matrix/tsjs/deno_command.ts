// new Deno.Command(cmd, {{ args }}).
const cmd = new Deno.Command('claude', { args: ['-p', 'hi'] }); // want "RED:process-api"
await cmd.output();
