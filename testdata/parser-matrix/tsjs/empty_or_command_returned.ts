// A function returning an empty array on one path and a command on
// another (`return []` when there is nothing to run): the union of the
// two arrays is the command, judged where it is spawned (it was once an
// internal error of the evaluator, reported unparseable).
import { spawn } from 'child_process';

function cmd(p: string) {
  if (!p) {
    return [];
  }
  return ['claude', '-p', p];
}

const c = cmd('x');
spawn(c[0], c.slice(1)); // want "RED:variable-execution"
