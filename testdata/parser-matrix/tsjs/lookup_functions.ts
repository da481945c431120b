// Reads another way than a member: Reflect.get, a random element,
// path.basename (issue 15's family).
import { spawn } from 'child_process';
import * as path from 'path';

const o = { bin: "claude" };
spawn(Reflect.get(o, "bin"), ["-p"]); // want "RED:process-api"
const arr = ["claude", "git"];
spawn(arr[Math.floor(Math.random() * arr.length)], ["-p"]); // want "RED:variable-execution"
spawn(path.basename("/opt/tools/claude"), ["-p"]); // want "RED:process-api"
