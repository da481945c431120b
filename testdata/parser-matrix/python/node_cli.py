# node running the runtime package's cli.js.
import subprocess

subprocess.run(["node", "node_modules/@anthropic-ai/claude-code/cli.js", "-p"])  # want "RED:process-api"
