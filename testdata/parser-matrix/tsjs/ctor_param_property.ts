// A constructor parameter property is a field: this.bin is its default.
import { spawn } from 'child_process';

export class Runner {
  constructor(private readonly bin: string = "claude") {}
  go() {
    return spawn(this.bin, ["-p"]); // want "RED:variable-execution"
  }
}
