# A conditional expression is both of its branches: either may be the
# command, and each names a runtime here (issue 15).
import subprocess


def run(runtime, prompt):
    binary = "claude" if runtime == "claude" else "pi"
    subprocess.call([binary, "-p", prompt])  # want "RED:variable-execution"
