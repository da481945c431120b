# A helper that returns another program is clean.
import subprocess


def tool():
    return "git"


subprocess.run([tool(), "status"])
