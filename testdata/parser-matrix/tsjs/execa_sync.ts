// execaSync with an argv.
import { execaSync } from 'execa';

execaSync('claude', ['--version']); // want "RED:process-api"
