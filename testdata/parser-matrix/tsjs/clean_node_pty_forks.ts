// Near miss: node-pty's prebuilt forks running a shell.
import * as pty from '@homebridge/node-pty-prebuilt-multiarch';
import { spawn } from '@lydell/node-pty';

pty.spawn('bash', ['--login'], { cols: 80, rows: 24 });
spawn('zsh', [], { cols: 80, rows: 24 });
