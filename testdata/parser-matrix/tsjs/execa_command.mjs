// execaCommand takes one command line.
import { execaCommand } from 'execa';

await execaCommand('claude -p hi'); // want "RED:direct-literal"
