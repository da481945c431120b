// A closure with its own `let` of the same name does not change the outer
// one; a closure that assigns another program is no launch of a runtime.
import { spawn } from 'child_process';

let bin = "git";
function pick() {
  let bin = "claude";
  return bin.length;
}
pick();
spawn(bin, ["status"]);

let tool = "git";
const choose = () => {
  tool = "hg";
};
choose();
spawn(tool, ["log"]);
