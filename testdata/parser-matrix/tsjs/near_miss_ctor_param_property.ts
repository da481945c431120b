// A parameter property that holds another program is clean.
import { spawn } from 'child_process';

export class Vcs {
  constructor(public bin: string = "git") {}
  status() {
    return spawn(this.bin, ["status"]);
  }
}
