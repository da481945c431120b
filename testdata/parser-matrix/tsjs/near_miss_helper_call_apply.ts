// Near miss of helper_call_apply.ts: the same indirect calls hand the
// helpers git (and the thisArg alone names nothing).
import { spawn } from 'node:child_process';

const CMD = ['git', 'status'];

function runTool(cmd: string, ...args: string[]) {
  return spawn(cmd, args);
}
runTool.call('claude', 'git', 'status');
Reflect.apply(runTool, 'claude', CMD);

function runOne(cmd: string, flag: string) {
  return spawn(cmd, [flag]);
}
runOne.apply(undefined, ['git', '--version']);

function second(flag: string, bin: string) {
  return spawn(bin, [flag]);
}
second.apply(null, ['--version', 'git']);

const obj = {
  run(cmd: string) {
    return spawn(cmd, []);
  },
};
obj.run.call(obj, 'git');

export class Svc {
  go(bin: string) {
    return spawn(bin, ['-p']);
  }
  start() {
    return this.go.call(this, 'git');
  }
}

function withDefault(flag: string, bin = 'git') {
  return spawn(bin, [flag]);
}
export function forward() {
  return withDefault.apply(null, arguments as any);
}

function spreadDefault(bin = 'git') {
  return spawn(bin, []);
}
const xs = process.argv.slice(2);
spreadDefault(...xs);
