# Near miss of dict_entries_loop.py: loops over dicts whose entries are
# other programs; a key names a runtime: clean.
import subprocess

TOOLS = {"lint": ["ruff", "check"], "claude": ["git", "log"]}
AGENTS = dict(fmt="black", pi="make")

for cmd in TOOLS.values():
    subprocess.run(cmd)

for name, cmd in TOOLS.items():
    subprocess.run([*cmd, name])

for name, prog in AGENTS.items():
    subprocess.run([prog, "--version"])
