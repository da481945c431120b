# A functools.partial of a helper of the file that runs its parameter
# binds the program: the partial is a call of the helper with the bound
# arguments first (review7 E-py-partial-local), judged where it is
# written; the partial's own calls pass the rest.
import functools
import subprocess


def run_tool(prog, *args, check=True):
    return subprocess.run([prog, *args], check=check)


review = functools.partial(run_tool, "claude", "-p")  # want "RED:process-api"
review("look at this diff")
