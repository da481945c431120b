# A partial of a process API that runs another program is clean.
import functools
import subprocess

git = functools.partial(subprocess.run, ["git", "status"])
git()
