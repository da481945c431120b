# A function that rebinds a global to another program launches no runtime.
import subprocess

cmd = "git"


def choose():
    global cmd
    cmd = "hg"


choose()
subprocess.run([cmd, "status"])
