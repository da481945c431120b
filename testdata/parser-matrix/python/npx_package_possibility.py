# A package argument of npx that may be a runtime's package.
import subprocess


def go(fast):
    pkg = "prettier" if fast else "@anthropic-ai/claude-code"
    subprocess.run(["npx", "-y", pkg])  # want "RED:package-runner"
