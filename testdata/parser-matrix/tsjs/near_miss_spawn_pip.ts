// spawn('pip', ...) with claude as an argument is not a launch of claude.
import { spawn } from 'child_process';

spawn('pip', ['install', 'claude']);
spawn('npm', ['install', '@anthropic-ai/claude-code']);
