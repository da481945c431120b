# A list changed in place before the launch: whatever a mutator puts in
# may end up as the command word (insert at the front, item and slice
# assignment, deque.appendleft, reverse after append, an unknown mutator
# whose argument is the runtime). Issue 15.
import collections
import subprocess

a = ["-p", "hi"]
a.insert(0, "claude")
subprocess.run(a)  # want "RED:variable-execution"

b = ["git", "-p"]
b[0] = "claude"
subprocess.run(b)  # want "RED:variable-execution"

c = ["-p"]
c[:0] = ["claude"]
subprocess.run(c)  # want "RED:variable-execution"

d = collections.deque(["-p"])
d.appendleft("claude")
subprocess.run(list(d))  # want "RED:variable-execution"

e = ["-p"]
e.append("claude")
e.reverse()
subprocess.run(e)  # want "RED:variable-execution"

f = ["-p"]
f.__setitem__(0, "claude")
subprocess.run(f)  # want "RED:variable-execution"

g = []
g += ("claude", "-p")
subprocess.run(g)  # want "RED:variable-execution"

h = ["sudo", "claude", "-p"]
h.pop(0)
subprocess.run(h)  # want "RED:variable-execution"
