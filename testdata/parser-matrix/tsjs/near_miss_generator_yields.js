// Near miss of generator_yields.js: generators of other tools.
const cp = require("child_process");

function* tools() {
  yield "git";
  yield "npm";
}
for (const bin of tools()) cp.spawn(bin, ["--version"]);
function* argv() {
  yield* ["git", "status"];
}
const [prog, ...rest] = argv();
cp.spawn(prog, rest);
