# Popen as a context manager.
import subprocess

with subprocess.Popen(["claude", "-p"], stdout=subprocess.PIPE) as proc:  # want "RED:process-api"
    print(proc.stdout.read())
