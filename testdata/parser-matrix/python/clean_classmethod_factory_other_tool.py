# Near miss: the classmethod factory builds another tool's command; a
# docstring names the runtime.
import subprocess


class Vcs:
    """Not claude: runs git."""

    def __init__(self, argv):
        self.argv = argv

    @classmethod
    def git(cls):
        return cls(["git", "status"])

    def run(self):
        return subprocess.run([*self.argv])


Vcs.git().run()
