// node-pty's prebuilt forks have its API: spawn(file, args, options).
import * as pty from '@homebridge/node-pty-prebuilt-multiarch';
import { spawn } from '@lydell/node-pty';

pty.spawn('claude', ['--continue'], { cols: 80, rows: 24 }); // want "RED:process-api"
spawn('pi', [], { cols: 80, rows: 24 }); // want "RED:process-api"
