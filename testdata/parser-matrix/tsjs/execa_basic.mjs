// execa with an argv.
import { execa } from 'execa';

await execa('claude', ['-p', 'x']); // want "RED:process-api"
