// Workers that run other code, and a worker file whose name mentions an
// agent (a file, not code, without eval): clean.
const { Worker } = require("worker_threads");

new Worker("require('child_process').spawnSync('git', ['status'])", { eval: true });
new Worker("./claude-summary-worker.js", { workerData: { n: 1 } });
new Worker("console.log('claude')", { eval: true });
