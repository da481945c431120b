# A helper only ever called with other programs is clean.
import subprocess


def sh(cmd, *args):
    return subprocess.run([cmd, *args], check=True)


sh("git", "status")
sh("npm", "test")
