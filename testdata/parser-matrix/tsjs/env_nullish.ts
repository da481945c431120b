// ?? with a runtime fallback, through a const.
import { spawn } from 'child_process';

const bin = process.env.CLAUDE_PATH ?? 'claude';
spawn(bin, ['-p']); // want "RED:dynamic"
