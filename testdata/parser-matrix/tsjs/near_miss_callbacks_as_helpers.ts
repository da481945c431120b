// Near miss of callbacks_as_helpers.ts: the same callbacks given `git`.
import { spawn } from 'child_process';

function spawnIt(b: string) {
  return spawn(b, []);
}
['git', 'make'].forEach(spawnIt);

function withTool(fn: (c: string) => unknown) {
  return fn('git');
}
withTool((c) => spawn(c, ['-p']));

function runWith(getBin: () => string) {
  return spawn(getBin(), []);
}
runWith(() => 'git');
