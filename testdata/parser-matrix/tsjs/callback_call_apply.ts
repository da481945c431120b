// A callback called through Function.prototype or Reflect by the
// function it is handed to (`fn.call(null, 'claude')`, `fn.apply(undefined,
// ['pi'])`, `Reflect.apply(fn, null, [...])`): those are calls of the
// parameter, the arguments past the thisArg. They were no call of it.
// Near miss: near_miss_callback_call_apply.ts.
import { spawn } from 'child_process';

function runWith(fn: (c: string, f: string) => void) { fn.call(null, 'claude', '-p'); }
runWith((c, f) => spawn(c, [f])); // want "RED:variable-execution"

function runWith2(fn: (c: string) => void) { fn.apply(undefined, ['pi']); }
runWith2((c) => spawn(c, [])); // want "RED:variable-execution"

function runWith3(fn: (c: string) => void) { Reflect.apply(fn, null, ['claude']); }
runWith3((c) => spawn(c, [])); // want "RED:variable-execution"
