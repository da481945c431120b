// A class keeps the runtime in a field and resolves its path in a method: this.bin and this.path() are followed.
import { spawn } from 'child_process';

export class Runner {
  private readonly bin = 'claude';

  private path(): string {
    return process.env.CLAUDE_PATH ?? this.bin;
  }

  run(prompt: string) {
    spawn(this.bin, ['-p', prompt]); // want "RED:variable-execution"
    return spawn(this.path(), ['-p', prompt]); // want "RED:dynamic"
  }
}
