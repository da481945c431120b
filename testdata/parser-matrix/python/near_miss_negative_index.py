# negative_index.py where the element counted from the end is a plain
# tool; the runtime's name is elsewhere in the list.
import subprocess

TOOLS = ("claude", "ruff", "mypy")
subprocess.run([TOOLS[-1], "--strict"])
subprocess.run([TOOLS[-2], "check"])
