# sudo -u wraps the runtime.
import subprocess

subprocess.run(["sudo", "-u", "agent", "claude", "-p"])  # want "RED:process-api"
