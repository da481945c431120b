// A named import of spawn.
import { spawn } from 'child_process';

spawn('claude', ['--print', 'hello'], { stdio: 'inherit' }); // want "RED:process-api"
