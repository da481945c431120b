# bash -c in an argv: class eval.
import subprocess

subprocess.run(["bash", "-c", "claude -p hi"])  # want "RED:eval"
