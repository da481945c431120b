// A spread of a const array completes the gated argv.
import { spawn } from 'child_process';

const BASE = ['--runtime', 'claude'];
spawn('launch-runtime', [...BASE, '--', '-p', 'x']); // want "GATED"
