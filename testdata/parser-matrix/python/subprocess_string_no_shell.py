# A string without shell=True names the program.
import subprocess

subprocess.run("claude")  # want "RED:process-api"
