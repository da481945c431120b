// A switch whose every case assigns another program is clean.
import { spawn } from 'child_process';

export function go(kind: string) {
  let bin: string;
  switch (kind) {
    case "vcs": bin = "git"; break;
    default: bin = "hg";
  }
  spawn(bin, ["status"]);
}
