# eval inside a shell=True string.
import subprocess

subprocess.run("eval claude -p hi", shell=True)  # want "RED:eval"
