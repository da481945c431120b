// A promise's value handed to a then callback: the callback's parameter
// is what the receiver gives (an async function's return, as await
// reads it); Promise.resolve(x) gives x, Promise.all(xs) the list,
// Promise.race and Promise.any any of its elements; new Promise(executor)
// what the executor hands its resolve.
const cp = require("child_process");

async function agentBin() {
  return "claude";
}
agentBin().then((bin) => cp.spawn(bin, ["-p"])); // want "RED:variable-execution"
Promise.resolve("claude").then(function (bin) {
  cp.spawn(bin); // want "RED:variable-execution"
});
Promise.all(["claude", "-p"]).then(([bin, flag]) => cp.spawn(bin, [flag])); // want "RED:variable-execution"
Promise.race(["claude"]).then((bin) => cp.spawn(bin)); // want "RED:variable-execution"
new Promise((resolve) => setTimeout(() => resolve("claude"), 10)).then((bin) => {
  cp.spawn(bin, ["-p"]); // want "RED:variable-execution"
});
async function later() {
  const bin = await new Promise(function (ok, fail) {
    if (process.env.X) ok("git");
    else ok("claude");
  });
  cp.spawn(bin); // want "RED:variable-execution"
}
