# Each possibility of a command line handed to a shell is scanned.
import os
import subprocess


def go(fast):
    os.system("ls" if fast else "claude -p hi")  # want "RED:direct-literal"
    line = "make"
    if fast:
        line = "pi -p x"
    subprocess.run(line, shell=True)  # want "RED:direct-literal"
