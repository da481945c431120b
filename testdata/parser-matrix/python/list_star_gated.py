# A starred constant inside a list literal.
import subprocess

BASE = ["launch-runtime", "--runtime", "claude"]
subprocess.run([*BASE, "--", "-p"])  # want "GATED"
