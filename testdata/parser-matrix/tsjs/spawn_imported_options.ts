// A spawn whose second argument is an imported name (options such as
// `{ shell: true }` of another module, not known here): it may turn the
// shell on, so a program with spaces is judged as the line a shell runs.
import { spawn } from 'node:child_process';
import { OPTS } from './opts';

spawn('claude -p "triage the issues"', OPTS); // want "RED:direct-literal"
