# ' '.join of a list as a shell string.
import os


def ask(prompt):
    os.system(" ".join(["claude", "-p", prompt]))  # want "RED:direct-literal"
