// A const tuple spread into the call is its argv.
import { spawn } from 'child_process';

const CMD = ["claude", "-p", "hi"] as const;
spawn(...CMD); // want "RED:variable-execution"
