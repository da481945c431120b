# The pathlib / operator ends in the runtime.
import subprocess
from pathlib import Path


def run(root):
    subprocess.run([Path(root) / "node_modules" / ".bin" / "claude", "-p"])  # want "RED:process-api"
