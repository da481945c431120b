# `+=` on a list before the call is applied.
import subprocess

cmd = ["launch-runtime"]
cmd += ["--runtime", "claude", "--", "-p"]
subprocess.run(cmd)  # want "GATED"
