// A parameter of a local function takes the value its one call site passes.
import { spawn } from 'child_process';

function run(bin: string, prompt: string) {
  return spawn(bin, ['-p', prompt]); // want "RED:variable-execution"
}

run('claude', 'summarise');
