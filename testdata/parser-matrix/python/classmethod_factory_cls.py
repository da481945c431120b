# A classmethod factory builds the instance with cls(...): its arguments
# are the __init__ parameters' (a fresh reviewer's case, py12).
import subprocess


class Backend:
    def __init__(self, argv):
        self.argv = argv

    @classmethod
    def claude(cls):
        return cls(["claude", "-p"])

    def run(self, prompt):
        return subprocess.run([*self.argv, prompt])  # want "RED:variable-execution"


Backend.claude().run("fix")
