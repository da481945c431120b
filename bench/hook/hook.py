#!/usr/bin/env python3
# The same hook as mutator-gate, in Python, for the latency comparison in
# bench/results/hook.md: read the event, one authorize round trip on the
# broker socket, exit 0 or 2. Not used by leasegate itself.
import json, os, socket, sys

def main():
    try:
        ev = json.loads(sys.stdin.read(4 << 20))
        req = {"v": 1, "op": "authorize", "session": os.environ["LEASEGATE_SESSION_ID"],
               "generation": int(os.environ["LEASEGATE_GENERATION"]), "tool": ev["tool_name"],
               "tool_input": ev.get("tool_input") or {}, "event": ev.get("hook_event_name", "")}
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(2)
        s.connect(os.environ["LEASEGATE_SOCKET"])
        s.sendall(json.dumps(req).encode() + b"\n")
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            buf += chunk
        rep = json.loads(buf)
        if rep.get("v") == 1 and rep.get("ok") and rep.get("allow"):
            return 0
        sys.stderr.write("%s: denied\n" % (rep.get("code") or "GATE_UNAVAILABLE"))
        return 2
    except Exception as e:
        sys.stderr.write("GATE_UNAVAILABLE: %s\n" % e)
        return 2

sys.exit(main())
