# shell=True with a list runs its first element in a shell.
import subprocess

subprocess.run(["claude -p hi"], shell=True)  # want "RED:direct-literal"
