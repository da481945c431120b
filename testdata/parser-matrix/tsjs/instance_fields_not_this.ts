// Fields and methods read from an instance that is not `this`: class
// fields, constructor assignments, constructor arguments and getters
// (issue 15).
import { spawn } from 'child_process';

class Runner {
  bin = "claude";
}
const r = new Runner();
spawn(r.bin, ["-p"]); // want "RED:variable-execution"

class Tool {
  exe: string;
  constructor() {
    this.exe = "claude";
  }
}
spawn(new Tool().exe, ["-p"]); // want "RED:variable-execution"

class Task {
  constructor(public program: string) {}
}
const t = new Task("claude");
spawn(t.program, ["-p"]); // want "RED:variable-execution"

class Job {
  cmd: string;
  constructor(cmd: string) {
    this.cmd = cmd;
  }
}
const j = new Job("claude");
spawn(j.cmd, ["-p"]); // want "RED:variable-execution"

class Finder {
  get path() {
    return "claude";
  }
  which() {
    return "claude";
  }
}
const f = new Finder();
spawn(f.path, ["-p"]); // want "RED:variable-execution"
spawn(f.which(), ["-p"]); // want "RED:variable-execution"
