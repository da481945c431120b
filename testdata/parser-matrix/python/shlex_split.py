# shlex.split of a constant command line.
import shlex
import subprocess

subprocess.run(shlex.split("claude -p 'hi there'"))  # want "RED:process-api"
