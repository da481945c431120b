# %-formatting keeps the constant text.
import os


def ask(prompt):
    os.system("claude -p %s" % prompt)  # want "RED:direct-literal"
