// The process module named only in a list and loaded from it in the ways
// a fresh reviewer wrote (review 10, a01-a33): through an index, an
// inline array, a `node:` prefix joined on, a loop over fallback names, an
// allow-listed loader, a computed method name. A file that names it so is
// parsed for its calls like one that requires it by a literal.
function viaIndex() {
  const CORE = ["fs", "path", "child_process"];
  const cp = require(CORE[2]);
  cp.exec("claude -p 'review the diff'"); // want "RED:direct-literal"
}

function inline() {
  require(["child_process"][0]).exec("claude -p hi"); // want "RED:direct-literal"
}

function prefixed() {
  const CORE = ["fs", "child_process"];
  const cp = require("node:" + CORE[1]);
  cp.spawnSync("claude", ["-p", "hi"]); // want "RED:process-api"
}

function fallback() {
  let cp;
  for (const name of ["node:child_process", "child_process"]) {
    try { cp = require(name); break; } catch {}
  }
  cp.exec(`claude -p "${process.argv[2]}"`); // want "RED:direct-literal"
}

const ALLOWED = ["fs", "child_process"];
function load(name) {
  if (!ALLOWED.includes(name)) throw new Error("not allowed: " + name);
  return require(name);
}
load(ALLOWED[1]).exec("pi -p hi"); // want "RED:direct-literal"

function computedMethod() {
  const CORE = ["fs", "child_process"];
  const cp = require(CORE[1]);
  cp["spa" + "wn"]("claude", ["-p", "hi"], { stdio: "inherit" }); // want "RED:process-api"
}
