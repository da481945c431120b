// A helper called only with a spread of a known array: its elements take
// the parameters' positions, the rest parameter gets what is left. The
// spread site was an unknown, so a helper whose every call spreads a
// constant launched nothing (a reviewer's evasion). run2: a spread after
// a plain argument; run3: an array of unknown length before the runtime,
// any element from there may be the parameter.
import { spawn } from 'node:child_process';

const CMD = ['claude', '-p'] as const;
function runTool(bin: string, ...args: string[]) {
  return spawn(bin, args); // want "RED:variable-execution"
}
runTool(...CMD);

const REST = ['-p', 'fix'];
function run2(bin: string, flag: string, prompt: string) {
  return spawn(bin, [flag, prompt]); // want "RED:variable-execution"
}
run2('claude', ...REST);

function run3(opt: string, bin: string) {
  return spawn(bin, []); // want "RED:variable-execution"
}
const extra = process.argv.slice(2);
run3(...[...extra, 'claude']);
