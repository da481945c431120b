// The same methods over literals that name no runtime.
import { spawn } from 'child_process';

spawn("GIT".toLowerCase(), ["status"]);
spawn("tig".split("").reverse().join(""), ["log"]);
spawn("claude-notes.txt".replace(".txt", ".md"));
spawn(atob("Z2l0"), ["log"]);
spawn("make".padEnd(2));
