// URLs naming other programs, and a URL naming an agent's page fetched,
// not run: clean.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

spawn(new URL("../node_modules/.bin/eslint", import.meta.url), ["."]);
spawn(fileURLToPath(new URL("./tools/fmt", import.meta.url)));
await fetch(new URL("/docs/claude", "https://example.com"));
