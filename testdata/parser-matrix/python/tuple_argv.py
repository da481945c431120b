# A tuple argv.
import subprocess

subprocess.run(("claude", "-p"))  # want "RED:process-api"
