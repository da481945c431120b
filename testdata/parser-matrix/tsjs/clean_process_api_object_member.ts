// Near miss of process_api_object_member.ts: the same members running git.
import { spawn } from 'node:child_process';
import { x } from 'tinyexec';

const runners = { sp: spawn, tx: x };
runners.sp('git', ['log']);
await runners.tx('git', ['status']);
