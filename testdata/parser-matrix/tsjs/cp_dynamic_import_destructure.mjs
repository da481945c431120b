// Destructuring an awaited dynamic import with the node: scheme.
const { spawn } = await import('node:child_process');

spawn('claude', ['-p']); // want "RED:process-api"
