// Near miss: tinyexec running git and a pipe to grep; the word claude in
// an argument is data.
import { x, xSync } from 'tinyexec';

await x('git', ['log', '--grep', 'claude']);
xSync('git', ['status']);
await x('git', ['ls-files']).pipe('grep', ['claude']);
