// A package runner inside an exec string.
import { exec } from 'child_process';

exec('npx -y @anthropic-ai/claude-code -p hi'); // want "RED:package-runner"
