// execa(options) returns execa with the options bound (execa 9): both
// call forms of the bound function launch.
import { execa } from 'execa';

const run = execa({ stdio: 'inherit' });
await run('claude', ['-p', 'hi']); // want "RED:process-api"
await run`claude -p hi`; // want "RED:process-api"
