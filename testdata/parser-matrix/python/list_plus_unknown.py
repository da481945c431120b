# A literal argv head plus an unknown tail still names the runtime.
import subprocess


def run(args):
    subprocess.run(["claude"] + args, check=True)  # want "RED:process-api"
