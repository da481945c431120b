// Deny by default: a program the analysis cannot read (the element of a
// loop over another module's list, a name bound to nothing it reads) is
// lost, and this file names claude as a command, so it may start it.
import { spawnSync } from "child_process";
import * as registry from "./registry";

for (const exe of registry.agents("claude")) spawnSync(exe, ["-p"]); // want "RED:dynamic"
