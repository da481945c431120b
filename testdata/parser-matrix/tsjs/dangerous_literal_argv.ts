// The literal flag in an argv: a launch and the primitive.
import { spawn } from 'child_process';

spawn('claude', ['-p', 'x', '--dangerously-skip-permissions']); // want "RED:process-api" "RED:dangerous-primitive"
