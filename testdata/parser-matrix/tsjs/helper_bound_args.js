// A function of the file with arguments bound (`f.bind(null, 'claude')`,
// `this.m.bind(this, ...)`): the bind is a call site of f passing the
// bound arguments first (review7 E-js-bind); a process API's bind
// binding its program is judged as a call of it.
const { spawn } = require('child_process');

function spawnTool(bin, args) {
  return spawn(bin, args); // want "RED:variable-execution"
}

class Runner {
  start(bin) {
    return spawn(bin, ['-p']); // want "RED:variable-execution"
  }
  constructor() {
    this.go = this.start.bind(this, 'pi');
  }
}

const raw = spawn.bind(null, 'claude', ['-p']); // want "RED:process-api"

module.exports = { spawnTool, review: spawnTool.bind(null, 'claude'), Runner };
