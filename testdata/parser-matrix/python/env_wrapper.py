# env with assignments wraps the runtime.
import subprocess

subprocess.run(["env", "A=1", "claude", "-p"])  # want "RED:process-api"
