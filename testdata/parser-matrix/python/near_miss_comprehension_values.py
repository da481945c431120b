# Comprehensions over other programs' words.
import subprocess

subprocess.run([x.lower() for x in ["GIT", "status"]])
subprocess.run(["".join(c for c in "make"), "all"])
