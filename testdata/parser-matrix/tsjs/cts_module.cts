// A .cts module with require.
import cp = require('child_process');

cp.spawn('claude', ['-p']); // want "RED:process-api"
