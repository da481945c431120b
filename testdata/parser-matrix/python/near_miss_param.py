# A command that is a parameter cannot be resolved: clean.
import subprocess


def run(cmd):
    return subprocess.run(cmd, check=True)
