# npx of the runtime package keeps class package-runner.
import subprocess

subprocess.run(["npx", "-y", "@anthropic-ai/claude-code", "-p"])  # want "RED:package-runner"
