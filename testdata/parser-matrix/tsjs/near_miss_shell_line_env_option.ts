// Shell lines expanding variables their env option sets to other
// programs, and an agent's name in a variable the line only prints: clean.
import { execSync, spawn } from "node:child_process";

execSync('"$TOOL" --version', { env: { ...process.env, TOOL: "make" } });
execSync('echo "$WHO is done"', { env: { WHO: "claude" } });
spawn("$EDITOR notes.md", { shell: true, env: { EDITOR: "vim", BOT: "claude" } });
