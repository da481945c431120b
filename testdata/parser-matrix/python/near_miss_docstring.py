# A docstring describing a launch is not code.
import subprocess


def run():
    """Runs claude -p via subprocess.run(["claude", "-p"]) in production."""
    subprocess.run(["ls"])
