// Near miss of cp_computed_module_name.js and cp_get_builtin_module.mjs:
// the process module got through getBuiltinModule or a computed name runs
// git, and other modules so loaded (fs, a plugin) are handed the runtime's
// name as data, never through a process API.
const cp = process.getBuiltinModule('node:child_process');
cp.spawnSync('git', ['log']);

const fs = process.getBuiltinModule('node:fs');
fs.readFileSync('claude.txt');

const plugin = require(process.env.PLUGIN);
plugin.run('claude');

const name = process.env.USE_FS ? 'fs' : 'child_process';
require(name).spawn('git', ['status']);
