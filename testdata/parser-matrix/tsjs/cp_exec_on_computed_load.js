// exec called on a module loaded by a computed name: the prefilter counts
// `.exec(` on a call's result or on a name bound to such a load, which a
// RegExp's exec is not (review 12, c3_js_unknown_mod_exec).
let m = "fs";
if (process.env.M) m = process.env.M;
const cp = require(m);
cp.exec("claude -p hi", () => {}); // want "RED:direct-literal"

function load(name) {
  return require(name);
}
load(process.argv[2]).exec("pi -p hi"); // want "RED:direct-literal"
