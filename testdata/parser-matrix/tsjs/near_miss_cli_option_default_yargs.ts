// The same yargs options over other programs are clean; an option named
// after the runtime that the spawn does not read changes nothing.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { spawnSync } from 'node:child_process';

const argv = yargs(hideBin(process.argv))
  .option('bin', { type: 'string', default: 'git' })
  .option('tool', { type: 'string', choices: ['git', 'make'], alias: 't' })
  .option('claude', { type: 'string', default: 'claude' })
  .parseSync();

spawnSync(argv.bin, ['log', argv.claude], { stdio: 'inherit' });
spawnSync(argv.t, ['--help']);
