# A parameter shadows a module constant; only the module-level call launches.
import subprocess

binary = "claude"


def other(binary):
    return subprocess.run([binary, "status"])


other("git")
subprocess.run([binary, "-p"])  # want "RED:variable-execution"
