# Both branches assign another program: clean.
import subprocess


def vcs(git):
    if git:
        cmd = "git"
    else:
        cmd = "hg"
    subprocess.run([cmd, "status"])
