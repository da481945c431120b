// execaNode runs a script under node: the runtime's cli.js.
import { execaNode } from 'execa';

await execaNode('node_modules/@anthropic-ai/claude-code/cli.js', ['-p']); // want "RED:process-api"
