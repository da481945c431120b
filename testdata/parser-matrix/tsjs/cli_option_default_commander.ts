// A commander option's default (and a parser-taking option's, after the
// parser) is what the parsed option may hold when the user passes none:
// a run-time value (dynamic), RED when it names a runtime, read through
// a destructured `program.opts()` or as a property.
import { Command } from 'commander';
import { spawn } from 'node:child_process';

const program = new Command();
program
  .option('-a, --agent <bin>', 'agent CLI to run', 'claude')
  .option('--review-bin <bin>', 'reviewer', (v: string) => v.trim(), 'pi')
  .argument('<prompt>')
  .action((prompt: string) => {
    const { agent } = program.opts();
    spawn(agent, ['-p', prompt], { stdio: 'inherit' }); // want "RED:dynamic"
    spawn(program.opts().reviewBin, ['-p', prompt]); // want "RED:dynamic"
  });
program.parse();
