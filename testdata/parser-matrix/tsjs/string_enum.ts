// A string enum member is the string it is assigned.
import { spawn } from 'child_process';

enum Bin { Claude = "claude", Git = "git" }

spawn(Bin.Claude, ["-p"]); // want "RED:process-api"
