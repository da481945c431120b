# An interpreter given an unknown list of options before a known script
# (field trial: `["node", *node_flags, ".../cli.js"]`): the script after
# them is read too. Near miss: a known script that is not a runtime.
import subprocess


def start(node_flags):
    return subprocess.run(["node", *node_flags, "node_modules/@anthropic-ai/claude-code/cli.js", "-p", "hi"])  # want "RED:process-api"


def build(node_flags):
    return subprocess.run(["node", *node_flags, "tools/build.js", "claude"])
