# A list built with append.
import subprocess

cmd = ["claude"]
cmd.append("-p")
subprocess.run(cmd)  # want "RED:variable-execution"
