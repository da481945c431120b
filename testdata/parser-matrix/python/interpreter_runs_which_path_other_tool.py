# node runs another tool's CLI found on the PATH: not a launch.
import shutil
import subprocess


def lint(args):
    return subprocess.run(["node", shutil.which("eslint"), *args])
