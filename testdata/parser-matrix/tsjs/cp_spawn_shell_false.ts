// {{ shell: false }} keeps the argv form: process-api.
import { spawn } from 'child_process';

spawn('claude', ['-p'], { shell: false, stdio: 'inherit' }); // want "RED:process-api"
