# os.execlp(file, arg0, ...).
import os

os.execlp("claude", "claude", "-p", "hi")  # want "RED:process-api"
