// A want on the line above a call that starts a statement.
import { spawn } from 'child_process';

// want +1 "RED:process-api"
const child = spawn(
  'claude',
  ['-p', 'hi'],
);
child.on('exit', () => {});
