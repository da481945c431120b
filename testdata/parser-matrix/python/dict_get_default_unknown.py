# `.get(key, default)` on a mapping the file does not know (a parameter,
# an object of unknown type): some entry, or the default, so a default
# naming a runtime is a possibility of the program.
import subprocess


def review(tools, prompt):
    subprocess.run([tools.get("review", "claude"), "-p", prompt], check=True)  # want "RED:process-api"


def lint(tools, path):
    subprocess.run([tools.get("lint", "ruff"), path], check=True)
