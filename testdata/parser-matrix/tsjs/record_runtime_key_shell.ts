// A Record of shell lines indexed by a key read at run time with a
// fallback (`process.argv[2] ?? 'lint'`): any key, the fallback one of
// them, so the runtime's line is RED.
import { spawn } from 'node:child_process';

const LINES: Record<string, string> = { lint: 'eslint .', review: 'claude -p "review"' };
const which = process.argv[2] ?? 'lint';
spawn(LINES[which], { shell: true }); // want "RED:direct-literal"
