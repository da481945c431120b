// nano-spawn: the default export spawn(file, args?, options?), and the
// .pipe(file, args?) of its result starts the next process of a pipeline.
import spawn from 'nano-spawn';

await spawn('claude', ['-p', 'hi']); // want "RED:process-api"
await spawn('npm', ['run', 'build']).pipe('sort').pipe('pi', ['-p', 'x']); // want "RED:process-api"
