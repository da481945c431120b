// A Record looked up by a key not known statically may be any value.
import { spawn } from 'child_process';

const BINS: Record<string, string> = { fast: "claude", local: "pi" };

export function go(mode: string) {
  spawn(BINS[mode], ["-p"]); // want "RED:variable-execution"
}
