// A method parameter resolved from this.method(...) calls.
import { spawn } from 'child_process';

export class Agent {
  start() {
    return this.launch('claude');
  }
  launch(bin: string) {
    return spawn(bin, ['-p']); // want "RED:variable-execution"
  }
}
