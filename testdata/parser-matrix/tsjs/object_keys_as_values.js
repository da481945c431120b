// The keys of an object read as strings: for...in, Object.keys,
// Object.getOwnPropertyNames, a computed key and a method name.
const { spawn, execFileSync } = require('child_process');

const agents = { claude: true, review: false };
for (const k in agents) spawn(k, ['-p', 'hi']); // want "RED:variable-execution"

Object.keys({ pi: 1 }).forEach((name) => spawn(name)); // want "RED:variable-execution"

const BIN = 'claude';
for (const k of Object.getOwnPropertyNames({ [BIN]: 1 })) execFileSync(k); // want "RED:variable-execution"

const tools = { pi() {} };
for (const t of Object.keys(tools)) spawn(t, ['--print']); // want "RED:variable-execution"
