// The same forms with other programs only.
import { spawn } from 'child_process';

function add(a: string[]) {
  a.unshift("git");
}
const args = ["status"];
add(args);
spawn(args[0], args.slice(1));

process.env.VCS = "git";
spawn(process.env.VCS!, ["log"]);
spawn(process.env.EDITOR || "vi", ["claude-notes.md"]);
