// A module loaded by a name that may be the process module's is it: one
// possibility of a union (`require(c ? 'fs' : 'child_process')`), or a
// name known in no part (`import(mod)`, `getBuiltinModule(process.env.M)`):
// a process API called on it is one (review 8, section G).
const name = process.env.USE_FS ? 'fs' : 'child_process';
const cp = require(name);
cp.spawnSync('claude', ['-p', 'hi']); // want "RED:process-api"

async function load(mod) {
  const m = await import(mod);
  m.execFileSync('claude', ['-p']); // want "RED:process-api"
}

const b = process.getBuiltinModule(process.env.MOD);
b.spawn('pi'); // want "RED:process-api"
