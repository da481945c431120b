# os.getenv(...) or 'claude' through a constant.
import os
import subprocess

CLAUDE = os.getenv("CLAUDE_BIN") or "claude"
subprocess.run([CLAUDE, "-p"])  # want "RED:dynamic"
