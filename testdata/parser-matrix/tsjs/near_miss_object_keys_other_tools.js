// Near miss: the keys of these objects name other tools, or an agent
// named only as a value (a model), or keys that are never run.
const { spawn } = require('child_process');

const linters = { eslint: true, prettier: false };
for (const k in linters) spawn('npx', [k, '.']);

const models = { fast: 'claude-3-5-haiku', pi: 3.14159 };
for (const m in models) console.log(m, models[m]);

Object.keys({ git: 1 }).forEach((name) => spawn(name, ['status']));
