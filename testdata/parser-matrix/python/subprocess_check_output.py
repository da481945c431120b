# subprocess.check_output, decoded.
import subprocess

out = subprocess.check_output(["claude", "-p", "hi"]).decode()  # want "RED:process-api"
