// A call spread over lines is reported where it starts.
import { spawn } from 'child_process';

spawn( // want "RED:process-api"
  'claude',
  ['-p', 'hi'],
  { stdio: 'inherit' },
);
