# node runs the file `shutil.which("claude")` found: the runtime's CLI.
import shutil
import subprocess


def start(args):
    return subprocess.run(["node", shutil.which("claude"), *args])  # want "RED:dynamic"
