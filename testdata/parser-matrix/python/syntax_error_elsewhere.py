# A syntax error away from any process API: the valid part is still checked.
import subprocess

subprocess.run(["claude", "-p"])  # want "RED:process-api"


def broken(:
    pass
