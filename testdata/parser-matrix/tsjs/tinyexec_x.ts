// tinyexec runs a program with its arguments: x(command, args?, options?),
// exec the same, xSync/execSync synchronously, and a process's
// .pipe(command, args?) starts a second one (a fresh reviewer's find).
import { exec, execSync, x, xSync } from 'tinyexec';

await x('claude', ['-p', 'hi']); // want "RED:process-api"
await exec('claude', ['-p', 'hi']); // want "RED:process-api"
xSync('pi', ['-p', 'hi']); // want "RED:process-api"
execSync('claude', ['-p', 'hi']); // want "RED:process-api"

const listing = x('ls', ['-l']);
await listing.pipe('claude', ['-p', 'summarise']); // want "RED:process-api"

// its options reach child_process.spawn under nodeOptions: a shell runs
// the line
await x('claude -p hi', [], { nodeOptions: { shell: true } }); // want "RED:direct-literal"
