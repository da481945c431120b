// child_process via `import * as`: spawn with a literal argv is a process-api launch.
import * as cp from 'child_process';

cp.spawn('claude', ['-p', 'summarise the diff']); // want "RED:process-api"
