// A closure that assigns an outer `let` (no declaration of its own)
// changes that name: its assignment is a possibility at every use of the
// name (issue 15).
import { spawn } from 'child_process';

let bin = "git";
function pick() {
  bin = "claude";
}
pick();
spawn(bin, ["-p", "hi"]); // want "RED:variable-execution"

export function main() {
  let tool = "git";
  const choose = () => {
    tool = "claude";
  };
  choose();
  spawn(tool, ["-p"]); // want "RED:variable-execution"
}
