// A process API held in a name is still that API.
import { spawn } from 'child_process';

const run = spawn;
run("claude", ["-p"]); // want "RED:process-api"
