# Near miss of namedtuple_call.py: the same tuples holding other tools,
# and one whose other field holds the runtime's name as a label.
import subprocess
from collections import namedtuple

A = namedtuple("A", "bin label")
a = A("git", "claude")
subprocess.run([a.bin, "status"])
print(a.label)
