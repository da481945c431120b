# os.path.join of an unknown folder and the runtime.
import os
import subprocess


def run(bin_dir):
    subprocess.run([os.path.join(bin_dir, "claude"), "-p"])  # want "RED:process-api"
