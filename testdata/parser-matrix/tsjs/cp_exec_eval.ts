// eval inside an exec string keeps the shell class eval.
import { exec } from 'child_process';

exec('eval claude -p hi'); // want "RED:eval"
