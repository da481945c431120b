// Near miss of promise_value_then.js: the same promises of another tool.
const cp = require("child_process");

async function toolBin() {
  return "git";
}
toolBin().then((bin) => cp.spawn(bin, ["status"]));
Promise.resolve("git").then((bin) => cp.spawn(bin));
Promise.all(["git", "log"]).then(([bin, sub]) => cp.spawn(bin, [sub]));
new Promise((resolve) => resolve("git")).then((bin) => cp.spawn(bin, ["log"]));
