// Every case of a switch that assigns the command is a possibility of it.
import { spawn } from 'child_process';

export function go(kind: string) {
  let bin: string;
  switch (kind) {
    case "vcs": bin = "git"; break;
    default: bin = "claude";
  }
  spawn(bin, ["-p"]); // want "RED:variable-execution"
}
