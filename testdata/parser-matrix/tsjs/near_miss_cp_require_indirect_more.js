// Near miss of cp_require_indirect_more.js: the same loads of modules that
// run nothing, handed the runtime's name as data, and the process module's
// member by an unknown key running git.
const [fs] = Array.from(["fs"], require);
fs.readFileSync("claude.txt");

async function viaPromiseAll() {
  const [os] = await Promise.all(["node:os"].map((m) => import(m)));
  os.hostname("pi");
}

const proc = require("child_process");
Reflect.get(proc, process.env.M)("git status");
Reflect.get(require("path"), process.env.F)("claude");
