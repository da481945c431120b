// A helper called once with a spread of run-time arguments and once with
// the runtime: the spread site is unknown, and it no longer hides the
// other site's value (the whole parameter was unknown).
const { spawn } = require('child_process');

function run(bin, ...args) {
  return spawn(bin, args); // want "RED:variable-execution"
}

const xs = process.argv.slice(2);
run(...xs);
run('claude', '-p', 'review');
