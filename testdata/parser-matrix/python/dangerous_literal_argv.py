# The literal flag in an argv: a launch and the primitive.
import subprocess

subprocess.run(["claude", "-p", "x", "--dangerously-skip-permissions"])  # want "RED:process-api" "RED:dangerous-primitive"
