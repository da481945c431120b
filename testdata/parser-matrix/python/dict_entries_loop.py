# A loop over a dict's entries runs each (issue 16): `for cmd in
# TOOLS.values()`, `for name, cmd in TOOLS.items()` (a flat tuple
# target takes its element of each pair). Every entry is a possibility.
import subprocess

TOOLS = {"lint": ["ruff", "check"], "review": ["claude", "-p"]}
AGENTS = dict(fmt="black", ask="pi")

for cmd in TOOLS.values():
    subprocess.run(cmd)  # want "RED:variable-execution"

for name, cmd in TOOLS.items():
    subprocess.run([*cmd, name])  # want "RED:variable-execution"

for name, prog in AGENTS.items():
    subprocess.run([prog, "--version"])  # want "RED:variable-execution"
