# The starred rest of a target is the argv (`_, *argv = ...`): a value the
# analysis lost track of, in a file that names the runtime as a command.
import subprocess


def main():
    _, *argv = ("unused", "pi", "--print", "hi")
    subprocess.run(argv, check=True)  # want "RED:dynamic"


main()
