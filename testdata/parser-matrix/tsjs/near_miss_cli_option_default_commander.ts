// The same commander options defaulting to other programs are clean; an
// option whose description names the runtime runs git.
import { Command } from 'commander';
import { spawn } from 'node:child_process';

const program = new Command();
program
  .option('-a, --agent <bin>', 'like claude, but local', 'vim')
  .option('--review-bin <bin>', 'reviewer', (v: string) => v.trim(), 'git')
  .argument('<prompt>')
  .action((prompt: string) => {
    const { agent } = program.opts();
    spawn(agent, ['-p', prompt], { stdio: 'inherit' });
    spawn(program.opts().reviewBin, ['log', prompt]);
  });
program.parse();
