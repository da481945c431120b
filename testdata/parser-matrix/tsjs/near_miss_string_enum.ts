// The enum holds a runtime, but the member spawned is another program.
import { spawn } from 'child_process';

enum Bin { Claude = "claude", Git = "git" }

spawn(Bin.Git, ["status"]);
