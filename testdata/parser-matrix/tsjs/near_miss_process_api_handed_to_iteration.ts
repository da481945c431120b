// Process APIs handed to iteration methods over lists of other
// programs, and an agent's name in a list handed to a function that
// starts nothing: clean.
import { spawnSync, execSync } from "node:child_process";

const tools = ["git", "make"];
tools.forEach(spawnSync);
["ls -la"].map(execSync);
["claude", "pi"].forEach(console.log);
Array.from(new Set(["git"]), spawnSync);
