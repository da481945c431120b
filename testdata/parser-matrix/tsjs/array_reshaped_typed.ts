// array_reshaped.js with typed callbacks.
import { spawn } from "node:child_process";

const c = [["claude"], ["-p"]].flatMap((x: string[]) => x);
spawn(c[0], c.slice(1)); // want "RED:variable-execution"
const g = ["cl", "aude"].reduce((acc: string, s: string): string => acc + s, "");
spawn(g); // want "RED:variable-execution"
