# globals()["name"] = value binds the module-level name (issue 15's
# family: an assignment that is not an assignment statement).
import subprocess

cmd = "git"


def choose():
    globals()["cmd"] = "claude"


choose()
subprocess.run([cmd, "-p"])  # want "RED:variable-execution"
