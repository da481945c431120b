# The same class building another program's argv.
import subprocess


class Job:
    def __init__(self):
        self.argv = list()

    def prepare(self):
        self.argv.append("status")
        self.argv.insert(0, "git")

    def run(self):
        subprocess.run(self.argv)
