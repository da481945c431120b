# A negative index counts from the end of a list the file writes: the
# last tool of a chain is the program. Past a splat of a list of unknown
# length it may be any element. Near miss: near_miss_negative_index.py.
import subprocess
import sys

TOOLS = ("ruff", "mypy", "claude")
subprocess.run([TOOLS[-1], "-p", "lint"])  # want "RED:variable-execution"
subprocess.run([[*sys.argv[1:], "pi"][-2], "-p"])  # want "RED:variable-execution"
