// exec runs its string in a shell: the shell detector's verdict, direct-literal.
import { exec } from 'child_process';

exec('claude -p "review this"', (err, out) => console.log(out)); // want "RED:direct-literal"
