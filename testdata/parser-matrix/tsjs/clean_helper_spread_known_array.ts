// Near miss of helper_spread_known_array.ts: the same helpers, the spread
// arrays hold git's command lines.
import { spawn } from 'node:child_process';

const CMD = ['git', 'status'] as const;
function runTool(bin: string, ...args: string[]) {
  return spawn(bin, args);
}
runTool(...CMD);

const REST = ['log', '-1'];
function run2(bin: string, flag: string, prompt: string) {
  return spawn(bin, [flag, prompt]);
}
run2('git', ...REST);

function run3(opt: string, bin: string) {
  return spawn(bin, []);
}
const extra = process.argv.slice(2);
run3(...[...extra, 'git']);
