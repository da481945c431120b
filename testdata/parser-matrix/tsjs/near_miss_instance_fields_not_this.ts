// Instances whose fields only ever hold other programs.
import { spawn } from 'child_process';

class Runner {
  bin = "git";
}
const r = new Runner();
spawn(r.bin, ["status"]);

class Job {
  cmd: string;
  constructor(cmd: string) {
    this.cmd = cmd;
  }
}
const j = new Job("make");
spawn(j.cmd, ["all"]);
