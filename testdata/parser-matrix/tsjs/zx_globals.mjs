// import 'zx/globals' makes $ global.
import 'zx/globals';

await $`claude -p hi`; // want "RED:direct-literal"
