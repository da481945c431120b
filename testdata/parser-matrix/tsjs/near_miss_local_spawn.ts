// A local function named spawn is not child_process.
function spawn(name: string): void {
  console.log('spawning', name);
}

spawn('claude');
const exec = (s: string) => s.toUpperCase();
exec('claude -p');
