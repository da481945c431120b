// An `as const` argv constant passed whole.
import { execFile } from 'child_process';

const ARGS = ['--runtime', 'claude', '--', '-p', 'x'] as const;
execFile('launch-runtime', ARGS); // want "GATED"
