// A process API runs the file a URL names: new URL(path, import.meta.url)
// is that path, and fileURLToPath of it the same file. Near miss:
// near_miss_file_url_names_bin.mjs.
import { spawn, execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

spawn(new URL("../node_modules/.bin/claude", import.meta.url), ["-p", "x"]); // want "RED:process-api"
const bin = fileURLToPath(new URL("./vendor/pi", import.meta.url));
execFileSync(bin, ["--print", "y"]); // want "RED:variable-execution"
