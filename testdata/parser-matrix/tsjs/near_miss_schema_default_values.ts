// Defaults naming other programs, and an agent's name as the default of
// a field no process API reads: clean.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { z } from "zod";

const { values } = parseArgs({ options: { runner: { type: "string", default: "make" }, title: { type: "string", default: "claude" } } });
spawn(values.runner!, ["all"]);
console.log(values.title);

const cfg = z.object({ EDITOR: z.string().default("vim"), BOT: z.string().default("claude") }).parse(process.env);
spawn(cfg.EDITOR, ["notes.md"]);
