# subprocess.call.
import subprocess

subprocess.call(["claude", "--version"])  # want "RED:process-api"
