// A class field set in the constructor and reassigned in a method holds
// either value: the runtime among them is the launch.
import { spawn } from 'child_process';

export class Runner {
  bin = "node";
  useAgent() {
    this.bin = "claude";
  }
  go() {
    return spawn(this.bin, ["-p"]); // want "RED:variable-execution"
  }
}
