// The `node:` scheme names the same module; spawnSync is a launch too.
import * as cp from 'node:child_process';

const r = cp.spawnSync('claude', ['-p', 'hi'], { encoding: 'utf8' }); // want "RED:process-api"
console.log(r.stdout);
