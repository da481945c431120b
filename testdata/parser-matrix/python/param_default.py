# A parameter default is used when the file never calls the function.
import subprocess


def run(prompt, binary="claude"):
    return subprocess.run([binary, "-p", prompt])  # want "RED:variable-execution"
