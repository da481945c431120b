// Near miss of proxy_of_process_module.js: the same proxies running git,
// and a proxy of an object of string helpers given the runtime's name.
const cp = require("child_process");

const p = new Proxy(cp, {});
p.spawn("git", ["status"]);

const fmt = new Proxy({ up: (s) => s.toUpperCase() }, {});
console.log(fmt.up("claude"));
