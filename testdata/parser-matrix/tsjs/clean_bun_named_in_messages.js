// Near miss: the names of process-API modules and globals stand only in
// messages and a switch (as in TypeScript's tsc.js); the file spawns a
// fixed tool through a function that is no process API.
function hint(name) {
  switch (name) {
    case "Bun":
      return "Cannot find name 'Bun'. Do you need to install type definitions for Bun? Try `npm i --save-dev @types/bun` and then add 'bun' to the types field.";
    default:
      return "see the child_process docs";
  }
}
const run = (argv) => argv.join(' ');
run(['claude', '-p', hint('Bun')]);
globalThis.Buffer.from('x');
