// Bun.spawnSync.
const r = Bun.spawnSync(['claude', '--version']); // want "RED:process-api"
