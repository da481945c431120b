// An enum indexed by a key not known statically may be any member.
import { spawn } from 'child_process';

enum Agent { A = "claude", B = "pi" }

export function go(k: keyof typeof Agent) {
  spawn(Agent[k], ["-p"]); // want "RED:variable-execution"
}
