# Near miss of list_changed_through_alias.py: the same changes through an
# alias put git first, and a string extended through an alias leaves the
# original string as it was.
import subprocess

argv = ["echo"]
a = argv
a[0] = "git"
subprocess.run(argv + ["log", "--grep", "claude"])

prog = "gi"
p2 = prog
p2 += "t claude"
subprocess.run([prog + "t", "status"])
