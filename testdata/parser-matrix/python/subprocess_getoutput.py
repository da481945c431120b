# subprocess.getoutput runs a shell string.
import subprocess

version = subprocess.getoutput("claude --version")  # want "RED:direct-literal"
