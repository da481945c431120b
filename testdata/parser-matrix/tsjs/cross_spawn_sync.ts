// cross-spawn's .sync.
import spawn from 'cross-spawn';

spawn.sync('claude', ['-p']); // want "RED:process-api"
