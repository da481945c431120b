# The argv passed as args=.
import subprocess

subprocess.run(args=["claude", "-p"], capture_output=True)  # want "RED:process-api"
