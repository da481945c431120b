// map and filter over other programs' words.
import { spawn } from 'child_process';

const a = ["GIT", "status"].map((s) => s.toLowerCase());
spawn(a[0], a.slice(1));
