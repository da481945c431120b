// The gated form in a shell string.
import { exec } from 'child_process';

exec('launch-runtime --runtime claude -- -p hi'); // want "GATED"
