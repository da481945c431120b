// Near miss of docker_sandbox_run.ts: listing and removing sandboxes runs
// no agent, though the sandbox's name says claude.
import { spawnSync } from 'child_process';

spawnSync('docker', ['sandbox', 'ls'], { stdio: 'pipe' });
spawnSync('docker', ['sandbox', 'rm', 'claude-loop']);
spawnSync('sbx', ['ls', '--json']);
