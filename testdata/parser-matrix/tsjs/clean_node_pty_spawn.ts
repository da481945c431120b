// Near miss: node-pty running a shell's help, not an agent.
import * as pty from 'node-pty';

pty.spawn('bash', ['--help'], { cols: 120, rows: 40 });
