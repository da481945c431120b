// A tag of the file that rebuilds its template with a reduce adding each
// substitution after its part (`acc + s + (vals[i] ?? "")`): the parts
// joined, an unknown part after each, so the line still starts with the
// runtime. The same reduce over plain words stays clean.
import { execSync } from "node:child_process";

const sh = (strings: TemplateStringsArray, ...vals: unknown[]) =>
  execSync(strings.reduce((acc, s, i) => acc + s + (vals[i] ?? ""), "")); // want "RED:direct-literal"
const tool = "claude";
sh`${tool} -p "update the docs"`;

const line = ["git ", "status"].reduce((acc, s) => acc + s + "", "");
execSync(line);
