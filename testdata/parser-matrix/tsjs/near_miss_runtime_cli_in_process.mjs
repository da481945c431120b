// near miss: the runtime packages' metadata, types and SDK entries, and
// another package's CLI module, load no agent.
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import "eslint/bin/eslint.js";

const require = createRequire(import.meta.url);
const pkg = require("@anthropic-ai/claude-code/package.json");
console.log(pkg.version);
await import("@mariozechner/pi-coding-agent/dist/index.js");
new Worker(require.resolve("prettier/bin/prettier.cjs"), { argv: ["--check", "."] });
