# Near miss: the same helper, the other site runs git.
import subprocess
import sys


def run(binary, *args):
    return subprocess.run([binary, *args])


run(*sys.argv[1:])
run("git", "status")
