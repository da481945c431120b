// A syntax error away from any process API: the valid part is still checked.
import { spawn } from 'child_process';

spawn('claude', ['-p']); // want "RED:process-api"

function broken() {
  const x = ;
}
