// Node 22's process.getBuiltinModule gives the process module as require
// does (review 8, section G), by a literal name or through globalThis.
const cp = process.getBuiltinModule('node:child_process');
cp.spawnSync('claude', ['-p', 'hi'], { stdio: 'inherit' }); // want "RED:process-api"

const { execFileSync } = globalThis.process.getBuiltinModule('child_process');
execFileSync('pi', ['--print']); // want "RED:process-api"
