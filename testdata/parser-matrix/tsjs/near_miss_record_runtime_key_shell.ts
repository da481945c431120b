// The same Record of tools' lines is clean, and a literal key reads its
// entry alone.
import { spawn } from 'node:child_process';

const OTHER: Record<string, string> = { lint: 'eslint .', test: 'vitest run' };
const LINES: Record<string, string> = { lint: 'eslint .', review: 'claude -p "review"' };
const which = process.argv[2] ?? 'lint';
spawn(OTHER[which], { shell: true });
spawn(LINES['lint'], { shell: true });
