// spawn with {{ shell: true }} runs its command line in a shell.
import { spawn } from 'child_process';

spawn('claude -p hi', { shell: true }); // want "RED:direct-literal"
