// Near miss of lookup_spawnsync_which_stdout.ts: git looked up.
import { spawn, spawnSync } from 'node:child_process';

const q = spawnSync('which', ['git'], { encoding: 'utf-8' }).stdout.trim();
spawn(q, ['status']);
