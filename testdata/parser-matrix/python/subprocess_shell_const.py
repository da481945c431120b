# shell= resolved from a module constant.
import subprocess

USE_SHELL = True
subprocess.run("claude -p hi", shell=USE_SHELL)  # want "RED:direct-literal"
