# A pathlib.Path constant turned into a string.
import subprocess
from pathlib import Path

CLI = Path("/opt/tools/claude")
subprocess.run([str(CLI), "-p"])  # want "RED:variable-execution"
