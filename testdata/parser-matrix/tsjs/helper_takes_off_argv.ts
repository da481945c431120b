// Helpers that take the program off the argv they are given, in place:
// `shift()`, `pop()`, `splice(0, 1)`. Two helpers name their parameter
// `args`: the change one makes is not the other's list (the first
// helper's pop read the second's splice). Near miss: the same helpers
// given `git` (near_miss_helper_takes_off_argv.ts).
import { spawn } from 'child_process';

function popIt(args: string[]) {
  const bin = args.pop();
  return spawn(bin!, []); // want "RED:variable-execution"
}

function spliceIt(args: string[]) {
  const [bin] = args.splice(0, 1);
  return spawn(bin, args); // want "RED:variable-execution"
}

function shiftIt(args: string[]) {
  const bin = args.shift();
  return spawn(bin!, args); // want "RED:variable-execution"
}

popIt(['-p', 'claude']);
spliceIt(['claude', '-p']);
shiftIt(['claude', '-p']);
