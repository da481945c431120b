// Comments and docs that mention spawn('claude') are not code.
import { spawn } from 'child_process';

// spawn('claude', ['-p']) would bypass the wrapper; use launch-runtime instead.
/* exec('claude -p hi') */
spawn('ls');
