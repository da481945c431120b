// grep for the word claude in an exec string.
import { exec } from 'child_process';

exec('grep -rn claude src/');
exec('echo "run claude later"');
