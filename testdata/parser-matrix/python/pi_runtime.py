# The pi runtime directly.
import subprocess

subprocess.run(["pi", "-p", "hello"])  # want "RED:process-api"
