// A name a for...of loop over a known list joins with `+=` gains every
// element once, in order, however many there are.
const cp = require("child_process");
let bin = "";
for (const c of ["cl", "au", "de"]) bin += c;
cp.spawn(bin, ["-p"]); // want "RED:variable-execution"
let path = "/usr/";
for (const part of ["local/", "bin/", "pi"]) {
  path += part;
}
cp.spawn(path); // want "RED:variable-execution"
