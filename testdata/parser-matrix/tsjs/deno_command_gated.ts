// The gated form through Deno.Command.
const cmd = new Deno.Command('launch-runtime', { args: ['--runtime', 'claude', '--', '-p'] }); // want "GATED"
await cmd.spawn().status;
