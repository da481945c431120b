// A function of the file that runs its parameter, called through
// Function.prototype or Reflect (`runTool.call(null, 'claude')`,
// `runOne.apply(null, [...])`, `Reflect.apply(runTool, null, CMD)`, a
// method's `obj.run.call(obj, ...)`, `this.go.call(this, ...)`): each is
// a call site of it, its arguments read past the thisArg and an apply's
// array spread (one of unknown length: any element from it on may be at
// the parameter, and its default when it has one: the array may end
// before it, as a spread's may, `spreadDefault(...xs)`). They were no call
// site at all (a reviewer's evasion). Near miss:
// near_miss_helper_call_apply.ts.
import { spawn } from 'node:child_process';

const CMD = ['claude', '-p', 'hi'];

function runTool(cmd: string, ...args: string[]) {
  return spawn(cmd, args); // want "RED:variable-execution"
}
runTool.call(null, 'git', 'status');
Reflect.apply(runTool, null, CMD);

function runOne(cmd: string, flag: string) {
  return spawn(cmd, [flag]); // want "RED:variable-execution"
}
runOne.apply(undefined, ['pi', '--print']);

function second(flag: string, bin: string) {
  return spawn(bin, [flag]); // want "RED:variable-execution"
}
const xs = process.argv.slice(2);
second.apply(null, [...xs, 'claude']);

const obj = {
  run(cmd: string) {
    return spawn(cmd, []); // want "RED:variable-execution"
  },
};
obj.run.call(obj, 'claude');

export class Svc {
  go(bin: string) {
    return spawn(bin, ['-p']); // want "RED:variable-execution"
  }
  start() {
    return this.go.call(this, 'pi');
  }
}

function withDefault(flag: string, bin = 'claude') {
  return spawn(bin, [flag]); // want "RED:variable-execution"
}
export function forward() {
  return withDefault.apply(null, arguments as any);
}

function spreadDefault(bin = 'pi') {
  return spawn(bin, []); // want "RED:variable-execution"
}
spreadDefault(...xs);
