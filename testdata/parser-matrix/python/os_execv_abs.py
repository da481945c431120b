# os.execv with an absolute path.
import os

os.execv("/usr/local/bin/claude", ["claude", "-p"])  # want "RED:process-api"
