# Near miss of map_lambda.py: the same maps over another tool's argv.
import subprocess

import somelib

cmds = list(map(lambda x: x.strip(), [" git ", "status"]))
subprocess.run(cmds)

resolved = list(map(somelib.resolve, ["node", "-v"]))
subprocess.run(resolved)
print("claude is not started here")
