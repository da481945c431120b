// Dynamic import() awaited and bound to a name.
const cp = await import('child_process');

cp.spawn('claude', ['-p']); // want "RED:process-api"
