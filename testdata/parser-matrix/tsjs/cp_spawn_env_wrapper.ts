// env with assignments wraps the runtime in an argv.
import { spawn } from 'child_process';

spawn('env', ['FOO=1', 'claude', '-p']); // want "RED:process-api"
