# The output of `which claude` run later.
import subprocess

path = subprocess.check_output(["which", "claude"]).decode().strip()
subprocess.run([path, "-p"])  # want "RED:dynamic"
