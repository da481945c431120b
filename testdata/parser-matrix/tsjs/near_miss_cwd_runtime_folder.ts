// Near miss of cwd_runtime_folder.ts: relative files run from other
// programs' folders, and a runtime's folder given as the working folder
// of a program that is no runtime's file.
import { spawn, execFileSync } from "child_process";
import * as path from "path";

const dir = path.dirname(require.resolve("prettier/package.json"));
spawn("node", ["bin/prettier.cjs", "--check", "."], { cwd: dir });
execFileSync("git", ["status"], { cwd: "/usr/lib/node_modules/@anthropic-ai/claude-code" });
spawn("node", ["cli.js"], { cwd: "/srv/app" });
process.chdir("/usr/lib/node_modules/typescript");
spawn("node", ["bin/tsc", "-p", "."]);
