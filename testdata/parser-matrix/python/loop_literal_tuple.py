# A loop over a literal tuple runs each element.
import subprocess

for b in ("git", "claude"):
    subprocess.run([b, "--version"])  # want "RED:variable-execution"
