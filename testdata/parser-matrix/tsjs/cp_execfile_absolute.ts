// An absolute path to the runtime through a process API.
import { execFile } from 'child_process';

execFile('/usr/local/bin/claude', ['-p']); // want "RED:process-api"
