# Near miss of starred_target.py: the same starred target and loop over
# an unread list, in a file that names the runtime only in prose and as a
# key.
import subprocess

from registry import tools

cmd, *args = ["git", "log", "--oneline"]
subprocess.run([cmd, *args])
for exe in tools():
    subprocess.run([exe, "--version"])
print("Claude is not run here")
LABELS = {"claude": "Claude Code"}
