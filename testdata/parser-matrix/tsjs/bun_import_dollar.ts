// $ imported from bun.
import { $ } from 'bun';

await $`claude -p hi`.text(); // want "RED:direct-literal"
