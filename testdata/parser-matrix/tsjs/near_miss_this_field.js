// An instance field that only ever holds another program is clean.
const { spawn } = require('child_process');

class Git {
  constructor() {
    this.binary = 'git';
  }
  status() {
    return spawn(this.binary, ['status']);
  }
}
module.exports = Git;
