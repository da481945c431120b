# shell=True runs the string in a shell: the shell detector's verdict.
import subprocess

subprocess.run("claude -p hi", shell=True)  # want "RED:direct-literal"
