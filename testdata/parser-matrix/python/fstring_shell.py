# An f-string with an unknown part: the constant part runs claude.
import os


def ask(prompt):
    os.system(f"claude -p {prompt!r}")  # want "RED:direct-literal"
