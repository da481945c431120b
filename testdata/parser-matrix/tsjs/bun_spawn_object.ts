// Bun.spawn with {{ cmd: [...] }}.
Bun.spawn({ cmd: ['claude', '-p'], stdout: 'pipe' }); // want "RED:process-api"
