# `+` concatenation builds the runtime's path.
import subprocess

subprocess.run(["/usr/local/bin/" + "claude", "-p"])  # want "RED:process-api"
