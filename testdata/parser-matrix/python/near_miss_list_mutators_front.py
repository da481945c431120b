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
