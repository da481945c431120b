# A wrapper that forwards all it is given (`subprocess.run(*a, **k)`)
# runs the first of its calls' arguments: the argv one call passes names
# the runtime; shell text is judged at its literal. Near miss: near_miss_star_args_kwargs_forwarding.py.
import subprocess


def run(*a, **k):
    return subprocess.run(*a, **k)  # want "RED:variable-execution"


def sh(*args, **kwargs):
    return subprocess.check_output(*args, shell=True, **kwargs)


run(["claude", "--version"], check=True)
run(["git", "status"])
sh("pi -p 'summarise'")  # want "RED:direct-literal"
