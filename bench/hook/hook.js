// The same hook as mutator-gate, in Node.js, for the latency comparison in
// bench/results/hook.md: read the event, one authorize round trip on the
// broker socket, exit 0 or 2. Not used by leasegate itself.
"use strict";
const net = require("node:net");
const fs = require("node:fs");

function deny(msg) {
  process.stderr.write(msg + "\n");
  process.exit(2);
}
try {
  const ev = JSON.parse(fs.readFileSync(0, "utf8"));
  const req = {
    v: 1, op: "authorize", session: process.env.LEASEGATE_SESSION_ID,
    generation: Number(process.env.LEASEGATE_GENERATION), tool: ev.tool_name,
    tool_input: ev.tool_input || {}, event: ev.hook_event_name || "",
  };
  const timer = setTimeout(() => deny("GATE_UNAVAILABLE: timeout"), 2000);
  const s = net.createConnection(process.env.LEASEGATE_SOCKET);
  let buf = "";
  s.on("error", (e) => deny("GATE_UNAVAILABLE: " + e.message));
  s.on("connect", () => s.write(JSON.stringify(req) + "\n"));
  s.on("data", (d) => {
    buf += d;
    if (!buf.endsWith("\n")) return;
    clearTimeout(timer);
    const rep = JSON.parse(buf);
    if (rep.v === 1 && rep.ok && rep.allow) process.exit(0);
    deny((rep.code || "GATE_UNAVAILABLE") + ": denied");
  });
} catch (e) {
  deny("GATE_UNAVAILABLE: " + e.message);
}
