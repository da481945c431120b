// Bound execa running another program is clean.
import { execa } from 'execa';

const run = execa({ stdio: 'inherit' });
await run('git', ['status']);
await run`npm test`;
