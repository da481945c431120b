# Near miss of partial_of_helper.py: the partial of the helper binds git:
# clean.
import functools
import subprocess


def run_tool(prog, *args, check=True):
    return subprocess.run([prog, *args], check=check)


review = functools.partial(run_tool, "git", "diff")
review("look at this diff")
