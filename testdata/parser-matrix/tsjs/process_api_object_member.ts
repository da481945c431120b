// A process API held in a property of an object literal of the file and
// called through it (`const runners = { sp: spawn }; runners.sp(...)`):
// the member's value is the API under another name. Was silent unless
// the property had a name helpers usually have (run, exec).
import { spawn } from 'node:child_process';
import { x } from 'tinyexec';

const runners = { sp: spawn, tx: x };
runners.sp('claude', ['-p', 'x']); // want "RED:process-api"
await runners.tx('pi', ['--print', 'x']); // want "RED:process-api"
