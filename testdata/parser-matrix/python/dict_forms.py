# Mappings built and changed other ways than a literal: every value they
# may hold is a possibility of a look-up (issue 15). A look-up by a known
# key reads as the literal it finds (process-api), as for a dict literal.
import subprocess
import types

pairs = dict([("agent", "claude"), ("vcs", "git")])
subprocess.run([pairs["agent"], "-p"])  # want "RED:process-api"

d = {}
d.update(agent="claude")
subprocess.run([d["agent"], "-p"])  # want "RED:process-api"

e = {}
e.update({"agent": "claude"})
subprocess.run([e.get("agent"), "-p"])  # want "RED:process-api"

f = {}
f.setdefault("agent", "claude")
subprocess.run([f["agent"], "-p"])  # want "RED:process-api"

ns = types.SimpleNamespace(agent="claude")
subprocess.run([ns.agent, "-p"])  # want "RED:process-api"

z = dict(zip(["agent"], ["claude"]))
subprocess.run([z["agent"], "-p"])  # want "RED:process-api"
