# os.posix_spawnp(file, argv, env).
import os

pid = os.posix_spawnp("claude", ["claude", "-p"], os.environ)  # want "RED:process-api"
