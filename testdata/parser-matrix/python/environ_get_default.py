# os.environ.get with a runtime default.
import os
import subprocess

subprocess.run([os.environ.get("CLAUDE_BIN", "claude"), "-p"])  # want "RED:dynamic"
