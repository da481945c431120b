# The gated form for pi.
import subprocess

subprocess.Popen(["launch-runtime", "--runtime", "pi", "--", "-p"])  # want "GATED"
