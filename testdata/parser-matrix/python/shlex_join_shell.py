# shlex.join given to a shell.
import shlex
import subprocess


def ask(prompt):
    subprocess.run(shlex.join(["claude", "-p", prompt]), shell=True)  # want "RED:direct-literal"
