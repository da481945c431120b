# subprocess.run with a literal argv list is a process-api launch.
import subprocess

subprocess.run(["claude", "-p", "summarise"], check=True)  # want "RED:process-api"
