// Bun.$ runs its template in Bun's shell.
const prompt = Bun.argv[2];
await Bun.$`claude -p ${prompt}`; // want "RED:direct-literal"
