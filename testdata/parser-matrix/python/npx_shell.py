# npx in a shell string.
import os

os.system("npx @anthropic-ai/claude-code -p hi")  # want "RED:package-runner"
