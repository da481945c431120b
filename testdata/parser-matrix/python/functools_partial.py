# functools.partial binds leading arguments: the call of the partial runs
# the bound argv, or the argv it is given.
import functools
import subprocess
from functools import partial

run_agent = functools.partial(subprocess.run, ["claude", "-p"])
run_agent()  # want "RED:process-api"

run = partial(subprocess.run, check=True)
run(["pi", "-p", "hi"])  # want "RED:process-api"
