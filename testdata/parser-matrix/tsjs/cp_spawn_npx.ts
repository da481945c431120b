// npx of the runtime package in an argv keeps class package-runner.
import { spawn } from 'child_process';

spawn('npx', ['-y', '@anthropic-ai/claude-code', '-p', 'x']); // want "RED:package-runner"
