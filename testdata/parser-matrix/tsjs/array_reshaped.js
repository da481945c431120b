// Arrays reshaped before their element is run: flat() and flatMap() put
// the nested lists' elements in place, sort() and toSorted() leave any
// element in any place, and reduce() with a callback that joins (`+`,
// concat) joins them all (review 12's family: reduce, flatMap).
const cp = require("child_process");

const a = [["claude"], ["-p"]].flat();
cp.spawn(a[0], a.slice(1)); // want "RED:variable-execution"
const b = [[["claude"]]].flat(Infinity);
cp.spawn(b[0]); // want "RED:variable-execution"
const c = [["cl"], ["aude"]].flatMap((x) => x);
cp.spawn(c.join(""), []); // want "RED:variable-execution"
const d = ["x"].flatMap(() => ["claude", "-p"]);
cp.spawn(d[0], d.slice(1)); // want "RED:variable-execution"
const e = ["zz", "claude"].sort();
cp.spawn(e[0]); // want "RED:variable-execution"
const f = ["zz", "claude"].toSorted();
cp.spawn(f[0]); // want "RED:variable-execution"
const g = ["cl", "au", "de"].reduce((acc, s) => acc + s, "");
cp.spawn(g, ["-p"]); // want "RED:variable-execution"
const h = ["aude", "cl"].reduceRight(function (acc, s) { return acc.concat(s); });
cp.spawn(h); // want "RED:variable-execution"
const i = ["de", "au", "cl"].reduce((acc, s) => s + acc);
cp.spawn(i); // want "RED:variable-execution"
