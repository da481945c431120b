// Near miss: the same helper, the other site runs git.
const { spawn } = require('child_process');

function run(bin, ...args) {
  return spawn(bin, args);
}

const xs = process.argv.slice(2);
run(...xs);
run('git', 'status');
