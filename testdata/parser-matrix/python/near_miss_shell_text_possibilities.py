# Command lines whose every possibility runs another program are clean.
import os
import subprocess


def go(fast):
    os.system("ls" if fast else "make test")
    line = "make"
    if fast:
        line = "npm run build"
    subprocess.run(line, shell=True)
