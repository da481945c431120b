# Python running a module is not a runtime.
import subprocess
import sys

subprocess.run([sys.executable, "-m", "pip", "install", "claude-tools"])
