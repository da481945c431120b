# A function that assigns a module-level name through `global` changes the
# name everywhere: its assignment is a possibility of every use (issue 15).
import subprocess

cmd = "git"


def choose():
    global cmd
    cmd = "claude"


choose()
subprocess.run([cmd, "-p", "hi"])  # want "RED:variable-execution"
