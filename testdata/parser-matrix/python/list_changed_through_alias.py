# A list changed in place through another name bound to it (`a = argv`,
# then `a[0] = "claude"`, `b.insert(0, ...)`): both names hold one list,
# so the change is a change of the name the process API reads. A string
# is not changed in place: `s2 += "x"` rebinds s2 only. Near miss:
# near_miss_list_changed_through_alias.py.
import subprocess

argv = ["echo"]
a = argv
a[0] = "claude"
subprocess.run(argv + ["-p", "go"])  # want "RED:variable-execution"

cmd = ["-p", "hi"]
b = cmd
b.insert(0, "pi")
subprocess.run(cmd)  # want "RED:variable-execution"
