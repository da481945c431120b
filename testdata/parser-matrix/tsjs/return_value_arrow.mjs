// An arrow function with an expression body that returns the runtime's name.
import { execFile } from 'node:child_process';

const runtimeBin = () => 'claude';
execFile(runtimeBin(), ['--version']); // want "RED:variable-execution"
