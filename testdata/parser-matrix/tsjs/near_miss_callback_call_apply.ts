// Near miss of callback_call_apply.ts: the same callbacks are given git,
// the runtime only as the thisArg.
import { spawn } from 'child_process';

function runWith(fn: (c: string, f: string) => void) { fn.call('claude', 'git', '-p'); }
runWith((c, f) => spawn(c, [f]));

function runWith2(fn: (c: string) => void) { fn.apply('pi', ['git']); }
runWith2((c) => spawn(c, []));

function runWith3(fn: (c: string) => void) { Reflect.apply(fn, 'claude', ['git']); }
runWith3((c) => spawn(c, []));
