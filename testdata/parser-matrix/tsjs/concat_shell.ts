// `+` concatenation builds a shell string for exec.
import { exec } from 'child_process';

export const run = (prompt: string) => exec('claude ' + '-p ' + prompt); // want "RED:direct-literal"
