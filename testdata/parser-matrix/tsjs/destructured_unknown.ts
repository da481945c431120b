// A name destructured from a value the analysis cannot read (a document
// parsed from standard input) runs as the program, and the file names the
// runtime as a command could be written: dynamic.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const AGENT = "pi";
const { program, ...opts } = JSON.parse(readFileSync(0, "utf8"));
spawnSync(program, [], opts); // want "RED:dynamic"
console.log(AGENT);
