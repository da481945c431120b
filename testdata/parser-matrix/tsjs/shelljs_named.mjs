// exec imported from shelljs, with a wrapper in the string.
import { exec } from 'shelljs';

exec('timeout 60 claude -p x'); // want "RED:direct-literal"
