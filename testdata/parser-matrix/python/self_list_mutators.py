# A list held in an attribute of self, changed in place by the class's
# methods: the changes apply to every read of self.x (issue 15's family).
import subprocess


class Job:
    def __init__(self):
        self.argv = list()

    def prepare(self):
        self.argv.append("-p")
        self.argv.insert(0, "claude")

    def run(self):
        subprocess.run(self.argv)  # want "RED:variable-execution"
