// A default declared for a name (node:util's parseArgs options, yargs'
// .options({...}), envalid's and zod's schemas) is what a read of that
// name on a value the analysis cannot follow may hold: the parsed
// values hold the default whenever the user passes nothing. Near miss:
// near_miss_schema_default_values.ts.
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { z } from "zod";
import { cleanEnv, str } from "envalid";

const { values } = parseArgs({ options: { runner: { type: "string", short: "r", default: "claude" } } });
spawn(values.runner!, ["-p", "go"]); // want "RED:dynamic"

const cfg = z.object({ AGENT_CMD: z.string().default("pi").describe("agent") }).parse(process.env);
spawnSync(cfg.AGENT_CMD, ["--print"]); // want "RED:dynamic"

const env = cleanEnv(process.env, { TOOL: str({ default: "claude", desc: "tool" }) });
spawnSync(env.TOOL); // want "RED:variable-execution"
