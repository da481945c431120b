// A template literal with an unknown interpolation: the constant part runs claude.
import { exec } from 'child_process';

export function ask(prompt: string) {
  exec(`claude -p ${JSON.stringify(prompt)}`); // want "RED:direct-literal"
}
