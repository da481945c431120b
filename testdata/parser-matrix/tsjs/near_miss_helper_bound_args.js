// Near miss of helper_bound_args.js: the same binds of other programs,
// and binds of the thisArg alone.
const { spawn } = require('child_process');

function spawnTool(bin, args) {
  return spawn(bin, args);
}

class Runner {
  start(bin) {
    return spawn(bin, ['-p']);
  }
  constructor() {
    this.go = this.start.bind(this, 'git');
    this.again = this.start.bind(this);
  }
}

spawnTool('make', []);
const raw = spawn.bind(null, 'git', ['status']);
module.exports = { spawnTool, lint: spawnTool.bind(null, 'eslint'), Runner };
