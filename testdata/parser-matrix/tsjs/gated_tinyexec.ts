// tinyexec running the runtime through launch-runtime is gated.
import { x } from 'tinyexec';

await x('launch-runtime', ['--runtime', 'claude', '--', '-p', 'x']); // want "GATED"
