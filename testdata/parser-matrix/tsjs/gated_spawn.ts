// The gated form: launch-runtime --runtime claude before --.
import { spawn } from 'child_process';

spawn('launch-runtime', ['--runtime', 'claude', '--', '-p', 'x']); // want "GATED"
