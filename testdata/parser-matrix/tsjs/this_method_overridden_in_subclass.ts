// A base class method spawns what `this.command()` returns, and a subclass
// in the same file overrides the method to return the runtime: a method
// through `this` is every method of that name in the classes the instance
// may be (the class, its bases and its subclasses in the file), as a set
// (issue 16, the same pattern as takopi's Python runners). Also through a
// subclass of a subclass.
import { spawn } from "node:child_process";

abstract class Invoker {
  command(): string {
    return "ls";
  }
  run() {
    return spawn(this.command(), ["-p", "hi"]); // want "RED:variable-execution"
  }
}

class Mid extends Invoker {}

class ClaudeInvoker extends Mid {
  command(): string {
    return "claude";
  }
}
