// Near miss of name_joined_by_loop.js: the loops join another tool's name.
const cp = require("child_process");
let bin = "";
for (const c of ["g", "i", "t"]) bin += c;
cp.spawn(bin, ["status"]);
let path = "/usr/";
for (const part of ["local/", "bin/", "make"]) {
  path += part;
}
cp.spawn(path);
