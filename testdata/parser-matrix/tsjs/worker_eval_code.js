// A worker thread made with { eval: true } runs its first argument as
// JavaScript, scanned as eval's code is; its launches are reported at the
// `new`. Near miss: near_miss_worker_eval_code.js.
const wt = require("node:worker_threads");
const { Worker } = require("worker_threads");

new Worker("require('child_process').spawnSync('claude', ['-p', 'x'])", { eval: true }); // want "RED:process-api"
const src = `require("child_process").execSync("pi --print hi")`;
new wt.Worker(src, { eval: true, workerData: 1 }); // want "RED:direct-literal"
