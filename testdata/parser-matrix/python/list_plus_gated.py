# A constant prefix plus a literal tail completes the gated argv.
import subprocess

BASE = ["launch-runtime", "--runtime", "claude"]
subprocess.run(BASE + ["--", "-p", "x"])  # want "GATED"
