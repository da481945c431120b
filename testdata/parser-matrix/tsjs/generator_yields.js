// A generator's call gives the list of what its yields hand out
// (`yield* xs`: each element of xs), read by for...of, a spread or a
// destructuring.
const cp = require("child_process");

function* agents() {
  yield "git";
  yield "claude";
}
for (const bin of agents()) cp.spawn(bin, ["-p"]); // want "RED:variable-execution"
function* argv() {
  yield* ["claude", "-p"];
}
const [prog, ...rest] = argv();
cp.spawn(prog, rest); // want "RED:variable-execution"
const tools = {
  *list() {
    yield "claude";
  },
};
cp.spawnSync([...tools.list()][0]); // want "RED:process-api"
