# A function value that is one of two process APIs is still a process API.
import subprocess


def go(check):
    run = subprocess.check_call if check else subprocess.call
    run(["claude", "-p"])  # want "RED:process-api"
