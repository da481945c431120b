# The gated argv.
import subprocess

subprocess.run(["launch-runtime", "--runtime", "claude", "--", "-p", "x"])  # want "GATED"
