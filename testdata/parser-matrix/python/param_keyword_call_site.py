# A parameter passed by keyword at the call site.
import subprocess


def run(prompt, binary="git"):
    return subprocess.run([binary, "-p", prompt])  # want "RED:variable-execution"


run("summarise", binary="claude")
