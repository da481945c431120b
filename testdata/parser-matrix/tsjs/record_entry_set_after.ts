// An entry set on an object after its construction is one of its values,
// by its key or by any key.
import { spawn } from 'child_process';

const BINS: Record<string, string> = {};
BINS["agent"] = "claude";
spawn(BINS["agent"], ["-p"]); // want "RED:process-api"

export function go(k: string) {
  spawn(BINS[k], ["-p"]); // want "RED:variable-execution"
}
