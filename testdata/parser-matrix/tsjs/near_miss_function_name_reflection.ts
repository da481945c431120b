// The same reflection on functions named after another program: clean.
import { spawnSync } from "child_process";

function git() {}
spawnSync(git.name, ["status"]);

const ls = () => 0;
spawnSync(ls.name, ["-la"]);
