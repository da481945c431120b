// An option set from its own value (options.timeout = options.timeout ??
// d) is read while it is worked out: the evaluator must not chase it to
// its depth bound (which would make the file unparseable).
import { spawn } from 'child_process';

export function run(input: { timeout?: number; cmd?: string }) {
  const options = { ...input };
  options.timeout = options.timeout ?? 1000;
  options.cmd = options.cmd ?? "git";
  spawn(options.cmd, ["status"], { timeout: options.timeout });
}
