// A string that is only a label is not a launch.
import { spawn } from 'child_process';

const label = 'claude';
const runtime = { name: 'claude', kind: 'agent' };
console.log(label, runtime.name);
spawn('ls', ['-la']);
