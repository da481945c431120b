# The same mapping forms holding other programs only.
import subprocess
import types

pairs = dict([("vcs", "git")])
subprocess.run([pairs["vcs"], "log"])

d = {}
d.update(vcs="hg")
subprocess.run([d["vcs"], "log"])

ns = types.SimpleNamespace(vcs="git")
subprocess.run([ns.vcs, "log"])
