# keyword_handed_back.py where the keywords name no runtime, or the
# result is printed rather than run.
import subprocess

from jinja2 import Environment, FileSystemLoader

env = Environment(loader=FileSystemLoader("templates"))
line = env.get_template("lint.sh.j2").render(tool="ruff", task="check")
subprocess.run(["bash", "-c", line], check=True)
print(env.get_template("notes.md.j2").render(author="claude"))
