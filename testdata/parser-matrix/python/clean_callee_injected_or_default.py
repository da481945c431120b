# Near miss of callee_injected_or_default.py: the same seam running git.
import subprocess


def log(runner=None):
    run = runner or subprocess.run
    return run(["git", "log"])
