// The gated form for the pi runtime.
import { spawn } from 'child_process';

spawn('launch-runtime', ['--runtime', 'pi', '--', '-p', 'hi']); // want "GATED"
