// A runtime's CLI module loaded in this process runs the agent without a
// child process: require, import(), a static import and a worker thread.
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import "@anthropic-ai/claude-code/cli.js"; // want "RED:process-api"

const require = createRequire(import.meta.url);
process.argv = [process.argv[0], "claude", "-p", "review the diff"];
require("@anthropic-ai/claude-code/cli.js"); // want "RED:process-api"
await import("@mariozechner/pi-coding-agent/dist/cli.js"); // want "RED:process-api"
new Worker(require.resolve("@anthropic-ai/claude-code/cli.js"), { argv: ["-p", "review"] }); // want "RED:process-api"
