# A runtime's name on the left of a membership test is compared, never
# run: the program below is a value the analysis lost (a lambda's
# parameter), but the file names no runtime as a command could be
# written, so nothing here may start one.
import subprocess
import sys

if "claude" in sys.argv or "pi" not in sys.argv:
    print("agent arguments are not forwarded")
for hook in map(lambda p: p.strip(), sys.stdin):
    (lambda argv: subprocess.run(argv))([hook])
