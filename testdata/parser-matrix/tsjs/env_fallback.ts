// process.env.X || 'claude' is a run-time value with a runtime fallback.
import { spawn } from 'child_process';

spawn(process.env.CLAUDE_BIN || 'claude', ['-p']); // want "RED:dynamic"
