// --runtime=claude is the gated form too.
import { execa } from 'execa';

await execa('launch-runtime', ['--runtime=claude', '--', '-p']); // want "GATED"
