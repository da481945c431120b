# A method parameter resolved from self.method(...) calls; self is not an argument.
import subprocess


class Agent:
    def start(self):
        return self.launch("claude")

    def launch(self, binary):
        return subprocess.Popen([binary, "-p"])  # want "RED:variable-execution"
