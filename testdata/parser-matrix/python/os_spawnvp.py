# os.spawnvp(mode, file, argv).
import os

os.spawnvp(os.P_WAIT, "claude", ["claude", "-p"])  # want "RED:process-api"
