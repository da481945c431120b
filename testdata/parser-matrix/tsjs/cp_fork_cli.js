// fork of the runtime's cli.js (require.resolve) runs it under node.
const { fork } = require('child_process');

fork(require.resolve('@anthropic-ai/claude-code/cli.js'), ['-p', 'x']); // want "RED:process-api"
