# Near miss of empty_or_command_returned.py: the command is git: clean.
import subprocess


def cmd(p):
    if not p:
        return []
    return ["git", "-p", p]


subprocess.run(cmd("x"))
