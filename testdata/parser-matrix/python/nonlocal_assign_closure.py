# A closure that assigns an enclosing function's name through `nonlocal`
# changes that name: its assignment is a possibility (issue 15).
import subprocess


def main():
    bin = "git"

    def pick():
        nonlocal bin
        bin = "claude"

    pick()
    subprocess.run([bin, "-p", "hi"])  # want "RED:variable-execution"
