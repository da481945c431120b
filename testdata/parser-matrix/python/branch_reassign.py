# A name assigned in both branches of an if holds either value at the call.
import subprocess


def run(fast, prompt):
    if fast:
        cmd = "git"
    else:
        cmd = "claude"
    subprocess.run([cmd, "-p", prompt])  # want "RED:variable-execution"
