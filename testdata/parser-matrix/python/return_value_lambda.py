# A lambda bound to a name returns the runtime; its argv tail is unknown.
import subprocess

runtime_bin = lambda: "claude"


def run(args):
    subprocess.run([runtime_bin()] + args)  # want "RED:variable-execution"
