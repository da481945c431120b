// A pipe into a shell inside an exec string.
import { exec } from 'child_process';

exec('echo "claude -p hi" | bash'); // want "RED:eval"
