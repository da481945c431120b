# os.spawnlp(mode, file, arg0, ...).
import os

os.spawnlp(os.P_NOWAIT, "claude", "claude", "-p")  # want "RED:process-api"
