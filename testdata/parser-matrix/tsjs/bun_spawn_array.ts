// Bun.spawn with an argv array.
const proc = Bun.spawn(['claude', '-p', 'hi']); // want "RED:process-api"
await proc.exited;
