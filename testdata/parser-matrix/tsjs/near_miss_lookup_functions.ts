// The same reads of other programs.
import { spawn } from 'child_process';
import * as path from 'path';

const o = { bin: "git" };
spawn(Reflect.get(o, "bin"), ["log"]);
spawn(path.basename("/usr/bin/make"), ["all"]);
