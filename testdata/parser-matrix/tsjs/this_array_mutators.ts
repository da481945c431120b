// An array held in a field, changed in place by the class's methods: the
// changes apply to every read of this.x (issue 15's family).
import { spawn } from 'child_process';

class Job {
  argv: string[] = new Array();
  prepare() {
    this.argv.push("-p");
    this.argv.unshift("claude");
  }
  run() {
    spawn(this.argv[0], this.argv.slice(1)); // want "RED:variable-execution"
  }
}
