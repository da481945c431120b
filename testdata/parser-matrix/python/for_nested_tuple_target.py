# A nested tuple target of a loop: each name is its element's element.
import subprocess

STEPS = {"format": "black", "review": "claude"}
for i, (name, tool) in enumerate(STEPS.items()):
    subprocess.run([tool, "-p", name], check=True)  # want "RED:variable-execution"
