// Deno running the runtime's npm package through its own executable (Deno.execPath()).
const cmd = new Deno.Command(Deno.execPath(), { args: ['run', '-A', 'npm:@anthropic-ai/claude-code', '-p', 'hi'] }); // want "RED:package-runner"
await cmd.output();
