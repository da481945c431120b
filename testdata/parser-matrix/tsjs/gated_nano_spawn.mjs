// nano-spawn running the runtime through launch-runtime is gated.
import spawn from 'nano-spawn';

await spawn('launch-runtime', ['--runtime', 'claude', '--', '-p', 'x']); // want "GATED"
