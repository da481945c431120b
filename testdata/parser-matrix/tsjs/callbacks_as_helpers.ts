// Functions handed to other functions, which call them: a named
// function given to an iteration method by reference (each element is
// its argument), an arrow given to a function of the file that calls it
// with the runtime, and a function given a getter it calls for the
// program. Near miss: the same with `git`
// (near_miss_callbacks_as_helpers.ts).
import { spawn } from 'child_process';

function spawnIt(b: string) {
  return spawn(b, []); // want "RED:variable-execution"
}
['claude', 'pi'].forEach(spawnIt);

function withTool(fn: (c: string) => unknown) {
  return fn('claude');
}
withTool((c) => spawn(c, ['-p'])); // want "RED:variable-execution"

function runWith(getBin: () => string) {
  return spawn(getBin(), []); // want "RED:variable-execution"
}
runWith(() => 'claude');
