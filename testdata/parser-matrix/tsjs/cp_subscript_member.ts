// A computed member cp['spawn'] is the same function.
import * as cp from 'child_process';

cp['spawn']('claude', ['-p']); // want "RED:process-api"
