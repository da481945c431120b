// A const tuple of another program spread into the call is clean.
import { spawn } from 'child_process';

const CMD = ["git", "log", "--oneline"] as const;
spawn(...CMD);
