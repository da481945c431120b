// A .mts module.
import { execFileSync } from 'node:child_process';

execFileSync('claude', ['--version']); // want "RED:process-api"
