// A runtime's path looked up with spawnSync('which', ...) and read from
// the result's stdout (execSync and execFileSync return the output
// itself): the launch of it is dynamic. A public repository's SDK
// wrapper found the CLI this way.
import { spawn, spawnSync } from 'node:child_process';

function detect(): string {
  const r = spawnSync('which', ['claude'], { encoding: 'utf-8' });
  if (r.status === 0 && r.stdout) {
    const p = r.stdout.trim();
    if (p) return p;
  }
  throw new Error('claude not found');
}

spawn(detect(), ['-p', 'hi']); // want "RED:dynamic"

const q = spawnSync('which', ['claude'], { encoding: 'utf-8' }).stdout.trim();
spawn(q, ['-p', 'hi']); // want "RED:dynamic"
