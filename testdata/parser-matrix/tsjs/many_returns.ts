// A function with more returns than MaxReturns (16) compares one by one:
// the returns past the bound are still read, so the seventeenth, claude,
// is RED where the call is spawned.
import { spawn } from 'child_process';

function pick(n: number): string {
  if (n === 1) return 'git';
  if (n === 2) return 'git';
  if (n === 3) return 'git';
  if (n === 4) return 'git';
  if (n === 5) return 'git';
  if (n === 6) return 'git';
  if (n === 7) return 'git';
  if (n === 8) return 'git';
  if (n === 9) return 'git';
  if (n === 10) return 'git';
  if (n === 11) return 'git';
  if (n === 12) return 'git';
  if (n === 13) return 'git';
  if (n === 14) return 'git';
  if (n === 15) return 'git';
  if (n === 16) return 'git';
  return 'claude';
}

spawn(pick(3), []); // want "RED:variable-execution"
