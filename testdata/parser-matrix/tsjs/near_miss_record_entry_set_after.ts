// Entries set after construction that hold other programs are clean.
import { spawn } from 'child_process';

const BINS: Record<string, string> = {};
BINS["vcs"] = "git";
spawn(BINS["vcs"], ["status"]);

export function go(k: string) {
  spawn(BINS[k], ["status"]);
}
