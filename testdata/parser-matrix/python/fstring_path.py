# An f-string path ending in the runtime.
import os
import subprocess

home = os.path.expanduser("~")
subprocess.run([f"{home}/.local/bin/claude", "-p"])  # want "RED:process-api"
