// Near miss of name_assigned_by_operator.js: the same operators building
// another tool's command, and a runtime's name as an argument of git.
const cp = require("child_process");

let a = "gi";
a += "t";
cp.spawn(a, ["status"]);
let b = "";
for (const part of ["g", "it"]) b += part;
cp.spawn(b);
let c;
c ??= "git";
cp.spawn(c);
let d = "git";
d += " log --grep claude";
cp.execSync(d);
