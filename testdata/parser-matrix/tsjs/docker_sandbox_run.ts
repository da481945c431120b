// docker sandbox run AGENT in an argv (as claude-task-master's
// loop.service.ts): the agent runs in a sandbox.
import { spawnSync } from 'child_process';

spawnSync('docker', ['sandbox', 'run', 'claude', '-p', 'Say OK'], { stdio: 'pipe' }); // want "RED:process-api"
spawnSync('sbx', ['run', '--name', 'box', 'claude', process.cwd()]); // want "RED:process-api"
