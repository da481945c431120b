// pnpm dlx of the runtime package in an exec string.
import { execSync } from 'node:child_process';

execSync('pnpm dlx @anthropic-ai/claude-code --version'); // want "RED:package-runner"
