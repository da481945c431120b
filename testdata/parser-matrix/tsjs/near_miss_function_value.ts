// A process API held in a name, running another program, is clean.
import { spawn } from 'child_process';

const run = spawn;
run("git", ["status"]);
