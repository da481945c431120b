# A pipe into a shell in a shell=True string.
import subprocess

subprocess.run('echo "claude -p hi" | sh', shell=True)  # want "RED:eval"
