// near miss: the same loop in a file that names no runtime as a command
// stays green: an unknown program alone is not a launch.
import { spawnSync } from "child_process";
import * as registry from "./registry";

for (const exe of registry.tools("git")) spawnSync(exe, ["--version"]);
