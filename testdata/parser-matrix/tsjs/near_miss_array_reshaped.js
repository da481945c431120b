// Near miss of array_reshaped.js: the same reshaping of lists that hold
// no runtime's name.
const cp = require("child_process");

const a = [["git"], ["status"]].flat();
cp.spawn(a[0], a.slice(1));
const c = [["g"], ["it"]].flatMap((x) => x);
cp.spawn(c.join(""), []);
const e = ["zz", "git"].sort();
cp.spawn(e[0]);
const g = ["g", "i", "t"].reduce((acc, s) => acc + s, "");
cp.spawn(g, ["log"]);
