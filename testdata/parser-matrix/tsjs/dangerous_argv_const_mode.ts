// --permission-mode with its value from a const, in a gated argv.
import { spawn } from 'child_process';

const MODE = 'bypassPermissions';
spawn('launch-runtime', ['--runtime', 'claude', '--', '--permission-mode', MODE]); // want "GATED" "RED:dangerous-primitive"
