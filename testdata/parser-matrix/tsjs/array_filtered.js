// filter over a list of known strings with a test worked out for each
// (a comparison with a string, startsWith/endsWith/includes of one,
// negated or not) keeps those it keeps; with any other test any
// element may be at any place; findLast is any element,
// toSpliced any element anywhere (review 13).
const { spawn } = require("child_process");

const tools = ["git", "claude"];
spawn(tools.filter((t) => t !== "git")[0], ["-p"]); // want "RED:variable-execution"
spawn(tools.filter((t) => t.startsWith("cl"))[0]); // want "RED:variable-execution"
const [agent] = ["aider", "claude", "pi"].filter((c) => require("command-exists").sync(c));
spawn(agent, ["-p"]); // want "RED:variable-execution"
const RUNNERS = [{ name: "lint", cmd: "eslint" }, { name: "review", cmd: "claude" }];
const [review] = RUNNERS.filter((r) => r.name === "review");
spawn(review.cmd, ["-p"]); // want "RED:variable-execution"
spawn(tools.findLast((t) => t.length > 3)); // want "RED:variable-execution"
spawn(tools.toSpliced(0, 1)[0]); // want "RED:variable-execution"
