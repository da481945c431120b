# Near miss of unmodelled_call_of_runtime.py: the same calls handed
# another tool's name, or handing the runtime's name to a tool that is
# not one, or printing it.
import json
import subprocess

import binresolver


def run(registry):
    subprocess.run([binresolver.resolve("git"), "status"])
    subprocess.run(["git", "log", "--grep", registry.quote("claude")])
    print(binresolver.describe("claude"))
    subprocess.run([json.loads('"git"')])
    names = sorted(["zz", "git"])
    subprocess.run([names[0]])
