# os.execl through env: arg0 is skipped, env is peeled.
import os

os.execl("/usr/bin/env", "env", "claude", "-p")  # want "RED:process-api"
