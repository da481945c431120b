// Near miss of typed_receiver_alias.ts: the same typed receivers run git.
import { spawn } from 'child_process';

export class Runner {
  run(cmd: string) {
    spawn(cmd, ['-p']);
  }
}
type R = Runner;
interface HasRunner { runner: Readonly<R> }
export function a(r: R) { r.run('git'); }
export function b(r: NonNullable<Runner | undefined>) { r.run('git'); }
export function e(h: HasRunner) { h.runner.run('git'); }
