// Near miss of partial_application.ts: the process API partially
// applied to another program, and a partial application of a function
// that only logs, given claude. Clean.
import { execFile } from "child_process";
import partial from "lodash/partial";
const git = partial(execFile, "git");
git(["status"], (err: unknown, out: string) => console.log(out));
const say = partial(console.log, "claude");
say("is a name");
