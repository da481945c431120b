// Near miss of array_filtered.js: tests worked out to keep other tools.
const { execFileSync } = require("child_process");

const tools = ["git", "claude"];
execFileSync(tools.filter((t) => t === "git")[0], ["status"]);
const present = tools.filter((t) => !(t === "claude"));
execFileSync(present[0], ["log"]);
execFileSync(tools.filter((t) => !t.includes("laude"))[0], ["fetch"]);
