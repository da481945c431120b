# A helper called once with a starred list of run-time arguments and once
# with the runtime: the starred site is unknown, and it no longer hides
# the other site's value (the whole parameter was unknown).
import subprocess
import sys


def run(binary, *args):
    return subprocess.run([binary, *args])  # want "RED:variable-execution"


run(*sys.argv[1:])
run("claude", "-p", "review")
