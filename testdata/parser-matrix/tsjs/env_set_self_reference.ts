// A variable set from its own previous value (`CMD = `${CMD} --print``) is
// worked out once: every assignment's text is a possibility of a read, and
// the read inside an assignment sees the earlier ones, so the runtime put
// into it is still run (reported where it is set, as any environment
// assignment of a run value).
import { execSync } from 'child_process';

process.env.PATH = `/opt/tools/bin:${process.env.PATH}`;
process.env.AGENT_CMD = 'claude'; // want "RED:direct-literal"
process.env.AGENT_CMD = `${process.env.AGENT_CMD} --print`; // want "RED:direct-literal"
execSync(process.env.AGENT_CMD);
