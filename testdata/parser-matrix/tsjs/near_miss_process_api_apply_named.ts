// Near miss of process_api_apply_named.ts: the same calls run git.
import { exec, execSync, spawn } from 'child_process';

const LINE = ['git status'];
exec.apply(null, LINE);
const CMD = ['git', ['status']];
Reflect.apply(spawn, null, CMD);
spawn.apply(null, CMD);
const xs = process.argv.slice(2);
exec.apply(null, [...xs, 'git status']);
execSync(...xs, 'git log');
