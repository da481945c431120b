# A module constant used inside a function: variable-execution.
import subprocess

CLAUDE = "claude"


def run():
    subprocess.run([CLAUDE, "-p"])  # want "RED:variable-execution"
