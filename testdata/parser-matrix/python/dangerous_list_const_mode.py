# --permission-mode with its value from a constant, in a gated argv.
import subprocess

MODE = "bypassPermissions"
subprocess.run(["launch-runtime", "--runtime", "claude", "--", "--permission-mode", MODE])  # want "GATED" "RED:dangerous-primitive"
