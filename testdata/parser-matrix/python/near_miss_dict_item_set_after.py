# Items set after construction that hold other programs are clean.
import subprocess

BINS = {}
BINS["vcs"] = "git"
subprocess.run([BINS["vcs"], "status"])


def go(k):
    subprocess.run([BINS[k], "status"])
