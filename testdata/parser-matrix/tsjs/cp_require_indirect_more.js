// More loads of the process module that do not write require(x) (review
// 10, a32; review 11, c2, c3): Array.from with require as the map,
// Promise.all over dynamic imports, Reflect.apply of module.require, and
// Reflect.get of the module's member by a key not known statically.
const [cp] = Array.from(["child_process"], require);
cp.spawnSync("claude", ["-p", "a"]); // want "RED:process-api"

async function viaPromiseAll() {
  const [cp2] = await Promise.all(["node:child_process"].map((m) => import(m)));
  cp2.execFileSync("pi", ["-p", "b"]); // want "RED:process-api"
}

Reflect.apply(module.require, module, ["child_process"]).spawn("claude", ["-p"]); // want "RED:process-api"

const proc = require("child_process");
Reflect.get(proc, process.env.M)("claude -p x"); // want "RED:direct-literal"
