# A class attribute that holds another program is clean through self.
import subprocess


class Vcs:
    binary = "git"

    def status(self):
        subprocess.run([self.binary, "status"])
