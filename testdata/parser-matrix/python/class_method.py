# A launch in a method with a module constant and starred arguments.
import subprocess

CLAUDE_BIN = "claude"


class Runner:
    def __init__(self, args):
        self.args = args

    def go(self):
        return subprocess.run([CLAUDE_BIN, *self.args])  # want "RED:variable-execution"
