// An echo of the word claude in zx is data: clean.
import { $ } from 'zx';

await $`echo claude is great`;
await $`grep -r claude src`;
