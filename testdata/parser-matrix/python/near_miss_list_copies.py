# Copies of a list of another program are clean.
import subprocess

BASE = ["git", "log"]
subprocess.run(list(BASE))
subprocess.run(BASE.copy())
subprocess.run([*BASE, "--oneline"])
