// Options held in a const turn on the shell.
import { spawn } from 'child_process';

const opts = { shell: true, stdio: 'inherit' as const };
spawn('claude -p hi', opts); // want "RED:direct-literal"
