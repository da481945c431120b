# subprocess.check_call.
import subprocess

subprocess.check_call(["claude", "-p", "hi"])  # want "RED:process-api"
