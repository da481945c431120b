// A method of a class of the file called on a parameter typed through an
// alias, a utility type or an interface's member (`r: R`,
// `Readonly<Runner>`, `h.runner` of `h: HasRunner`): in one file a call
// `x.run(...)` is a call site of every method `run` of the file, whatever
// x's type, so these stay RED (the repository's classes:
// repo_method_typed_receiver_alias.txtar). Near miss:
// near_miss_typed_receiver_alias.ts.
import { spawn } from 'child_process';

export class Runner {
  run(cmd: string) {
    spawn(cmd, ['-p']); // want "RED:variable-execution"
  }
}
type R = Runner;
interface HasRunner { runner: Readonly<R> }
export function a(r: R) { r.run('claude'); }
export function b(r: NonNullable<Runner | undefined>) { r.run('pi'); }
export function e(h: HasRunner) { h.runner.run('claude'); }
