// Log lines that mention the runtime are data.
const cp = require('child_process');

console.log('claude is running');
logger.info(`starting claude with ${args.length} args`);
cp.spawn('git', ['status']);
