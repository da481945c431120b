# A parameter of a local function takes the value its one call site passes.
import subprocess


def run(binary, prompt):
    return subprocess.run([binary, "-p", prompt])  # want "RED:variable-execution"


run("claude", "summarise")
