// A yargs option's default, its choices and its alias are what the
// parsed argument may hold: a run-time value (dynamic), RED when one
// names a runtime.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { spawnSync } from 'node:child_process';

const argv = yargs(hideBin(process.argv))
  .option('bin', { type: 'string', default: 'claude' })
  .option('tool', { type: 'string', choices: ['git', 'pi'], alias: 't' })
  .option('prompt', { type: 'string', demandOption: true })
  .parseSync();

spawnSync(argv.bin, ['-p', argv.prompt], { stdio: 'inherit' }); // want "RED:dynamic"
spawnSync(argv.t, ['--help']); // want "RED:dynamic"
