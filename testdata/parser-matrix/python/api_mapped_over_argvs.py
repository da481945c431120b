# A process API mapped over a list of argvs is called with each element
# (map), or with each element's items (itertools.starmap): each is judged
# as a call of the API where the element is written.
import itertools
import subprocess

list(map(subprocess.run, [["git", "status"], ["claude", "-p"]]))  # want "RED:process-api"

jobs = [(["pi", "-p", "hi"],), (["ruff", "check"],)]
list(itertools.starmap(subprocess.run, jobs))  # want "RED:process-api"
