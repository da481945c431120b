// Destructuring a namespace import binding.
import * as cp from 'child_process';

const { spawnSync } = cp;
spawnSync('claude', ['-p']); // want "RED:process-api"
