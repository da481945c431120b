# executable= replaces the program of the argv.
import subprocess

subprocess.run(["agent", "-p"], executable="claude")  # want "RED:process-api"
