# A function value that is one of two process APIs, running another
# program, is clean.
import subprocess


def go(check):
    run = subprocess.check_call if check else subprocess.call
    run(["git", "status"])
