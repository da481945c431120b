// Near miss of this_method_overridden_in_subclass.ts: the override returns
// another tool, and a class outside the hierarchy whose method of the same
// name returns the runtime is not a possibility of `this.command()` (it is
// never the instance's class).
import { spawn } from "node:child_process";

class Invoker {
  command(): string {
    return "ls";
  }
  run() {
    return spawn(this.command(), ["-l"]);
  }
}

class GitInvoker extends Invoker {
  command(): string {
    return "git";
  }
}

class Describer {
  command(): string {
    return "claude";
  }
  show() {
    return `runs ${this.command()}`;
  }
}
