# Mutators that only ever put other programs' words in: no runtime.
import subprocess

a = ["status"]
a.insert(0, "git")
subprocess.run(a)

b = ["git", "log"]
b[1] = "diff"
subprocess.run(b)

e = ["-v"]
e.append("make")
e.reverse()
subprocess.run(e)

# pop() removes the last element: the runtime's name as an argument never
# moves to the front
h = ["git", "log", "--author", "claude"]
h.pop()
subprocess.run(h)
