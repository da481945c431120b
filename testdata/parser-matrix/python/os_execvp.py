# os.execvp(file, argv).
import os

os.execvp("claude", ["claude", "-p", "x"])  # want "RED:process-api"
