// promisify(exec) keeps exec's shell semantics.
import { exec } from 'child_process';
import { promisify } from 'util';

const execAsync = promisify(exec);
await execAsync('claude -p hi'); // want "RED:direct-literal"
