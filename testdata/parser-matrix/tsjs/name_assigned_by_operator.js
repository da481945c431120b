// A name given its value by `+=` (the name's other values joined with the
// right side, once or twice, as in a loop) or by `??=`, `||=`, `&&=` (the
// right side, or the value before).
const cp = require("child_process");

let a = "cla";
a += "ude";
cp.spawn(a, ["-p"]); // want "RED:variable-execution"
let b = "";
for (const part of ["cl", "aude"]) b += part;
cp.spawn(b); // want "RED:variable-execution"
let c;
c ??= "claude";
cp.spawn(c); // want "RED:variable-execution"
let d = "";
d ||= "claude";
cp.spawn(d); // want "RED:variable-execution"
let e = "x";
e &&= "claude";
cp.spawn(e, ["-p", "hi"]); // want "RED:variable-execution"
