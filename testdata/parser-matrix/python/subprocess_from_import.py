# from subprocess import run.
from subprocess import run

run(["claude", "-p", "x"])  # want "RED:process-api"
