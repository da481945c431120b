// A file that first reads only Deno's inert members (its environment, its
// version) and later binds the global itself or a member that runs
// something: still the process API.
if (typeof globalThis.Deno !== 'undefined' && globalThis.Deno.env.get('AGENT')) {
  const D = globalThis.Deno;
  const c = new D.Command('claude', { args: ['-p', Deno.version.deno] }); // want "RED:process-api"
  await c.output();
}
const { run } = Deno;
run({ cmd: ['pi', '-p', 'x'] }); // want "RED:process-api"
