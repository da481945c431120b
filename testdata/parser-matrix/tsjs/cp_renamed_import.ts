// A renamed import (`spawn as run`) is followed to child_process.
import { spawn as run } from 'node:child_process';

run('claude', ['-p', 'x']); // want "RED:process-api"
