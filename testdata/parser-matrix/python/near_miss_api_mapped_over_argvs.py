# Near miss of api_mapped_over_argvs.py: the same maps over other tools,
# and a map of a harmless function over the runtime's name.
import itertools
import subprocess

list(map(subprocess.run, [["git", "status"], ["ruff", "check"]]))
list(itertools.starmap(subprocess.run, [(["node", "-v"],)]))
print(list(map(str.upper, ["claude"])))
