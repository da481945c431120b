// Near miss: nano-spawn running a build and piping it into sort and head.
import spawn from 'nano-spawn';

await spawn('npm', ['run', 'build']).pipe('sort').pipe('head', ['-n', '2']);
await spawn('git', ['commit', '-m', 'ask claude later']);
