# A loop over a literal tuple of other programs is clean.
import subprocess

for b in ("git", "hg"):
    subprocess.run([b, "--version"])
