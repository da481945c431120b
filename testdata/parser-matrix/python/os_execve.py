# os.execve(path, argv, env).
import os

os.execve("/opt/claude/bin/claude", ["claude", "-p"], dict(os.environ))  # want "RED:process-api"
