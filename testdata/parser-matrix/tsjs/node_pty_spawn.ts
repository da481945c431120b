// node-pty runs a program in a pseudo-terminal: spawn(file, args, options)
// (a fresh reviewer's t14).
import * as pty from 'node-pty';

pty.spawn('claude', ['--continue'], { cols: 120, rows: 40 }); // want "RED:process-api"
