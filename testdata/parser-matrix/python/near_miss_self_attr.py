# An instance attribute that only ever holds another program is clean.
import subprocess


class Git:
    def __init__(self):
        self.binary = "git"

    def status(self):
        return subprocess.run([self.binary, "status"])
