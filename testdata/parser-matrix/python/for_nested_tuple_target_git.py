# Near miss: a nested tuple target holding only other tools stays green.
import subprocess

STEPS = {"format": "black", "review": "git"}
for i, (name, tool) in enumerate(STEPS.items()):
    subprocess.run([tool, "-p", name], check=True)
