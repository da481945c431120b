// A default import of child_process is the module object.
import cp from 'node:child_process';

cp.execFile('claude', ['-p', 'x'], (err, out) => console.log(out)); // want "RED:process-api"
