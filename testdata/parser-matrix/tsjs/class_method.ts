// A launch inside a class method using a module constant.
import { spawn } from 'child_process';

const CLAUDE_BIN = 'claude';

export class Runner {
  constructor(private args: string[]) {}
  run() {
    return spawn(CLAUDE_BIN, this.args); // want "RED:variable-execution"
  }
}
