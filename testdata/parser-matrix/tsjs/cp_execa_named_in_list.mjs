// A process API's module named only in a list and imported from it by
// index (review 10, a07): the file is parsed for its calls.
const DEPS = ["chalk", "execa"];
const { execa } = await import(DEPS[1]);
await execa("claude", ["-p", "hi"]); // want "RED:process-api"
