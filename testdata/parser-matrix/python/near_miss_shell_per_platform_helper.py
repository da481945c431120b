# The same helper running another program.
import os
import subprocess


def shell():
    if os.name == "nt":
        return ["cmd.exe", "/c"]
    return ["/bin/sh", "-c"]


subprocess.run(shell() + ["git status"])
