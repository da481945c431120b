// Call sites disagree; the one that passes the runtime is the launch.
import { execFileSync } from 'child_process';

const tool = (cmd: string) => execFileSync(cmd, ['--version']); // want "RED:variable-execution"

tool('git');
tool('claude');
