# A class attribute read through self. is the value the class assigns.
import subprocess


class Runner:
    binary = "claude"

    def go(self, prompt):
        subprocess.run([self.binary, "-p", prompt])  # want "RED:variable-execution"
