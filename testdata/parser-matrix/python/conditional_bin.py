# A conditional command name.
import subprocess
import sys

BIN = "claude.exe" if sys.platform == "win32" else "claude"
subprocess.run([BIN, "-p"])  # want "RED:variable-execution"
