// await which('claude') stored in a const and spawned.
import { spawn } from 'node:child_process';
import which from 'which';

const bin = await which('claude');
spawn(bin, ['-p']); // want "RED:dynamic"
