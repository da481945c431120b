// sh -c through execFileSync, with exec in the string.
import { execFileSync } from 'child_process';

execFileSync('sh', ['-c', 'exec claude -p hi']); // want "RED:eval"
