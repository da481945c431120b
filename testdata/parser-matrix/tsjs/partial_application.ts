// Partial application binds the arguments after the function to its
// first parameters (blind review 24, case 146): lodash's
// `partial(execFile, "claude")` and `_.partial(spawn, "pi")` are that
// process API called with those first, whenever the result is called.
// Near miss: near_miss_partial_application.ts.
import { execFile, spawn } from "child_process";
import partial from "lodash/partial";
import _ from "lodash";
const claude = partial(execFile, "claude"); // want "RED:process-api"
claude(["-p", "hello"], (err: unknown, out: string) => console.log(out));
const pi = _.partial(spawn, "pi"); // want "RED:process-api"
pi(["--print", "hi"]);
