# Copies of a list are the list: list(x), x.copy(), [*x, ...], x + [...].
import subprocess

BASE = ["claude", "-p"]
subprocess.run(list(BASE))  # want "RED:variable-execution"
subprocess.run(BASE.copy())  # want "RED:variable-execution"
subprocess.run([*BASE, "hi"])  # want "RED:variable-execution"
subprocess.run(BASE + ["hi"])  # want "RED:variable-execution"
