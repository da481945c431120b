// The same class building another program's argv.
import { spawn } from 'child_process';

class Job {
  argv: string[] = new Array();
  prepare() {
    this.argv.push("status");
    this.argv.unshift("git");
  }
  run() {
    spawn(this.argv[0], this.argv.slice(1));
  }
}
