// Near miss of helper_takes_off_argv.ts: the same helpers given `git`.
import { spawn } from 'child_process';

function popIt(args: string[]) {
  const bin = args.pop();
  return spawn(bin!, []);
}

function spliceIt(args: string[]) {
  const [bin] = args.splice(0, 1);
  return spawn(bin, args);
}

function shiftIt(args: string[]) {
  const bin = args.shift();
  return spawn(bin!, args);
}

popIt(['-p', 'git']);
spliceIt(['git', '-p']);
shiftIt(['git', '-p']);
